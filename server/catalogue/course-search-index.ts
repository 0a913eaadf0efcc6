import 'server-only';
import type { ObjectId } from 'mongodb';
import type { CourseList } from '@/lib/catalogue';
import { normalizeSearchText } from '@/lib/format';
import { everyTitle, titleTranslations, translatedTexts } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { collection, withDb } from '../platform/db';
import { keptUntilCatalogueChange } from './catalogue-memory';
import { LISTED_COURSES } from './courses';
import { byTitle, textIndexOf } from '../platform/text-index';
import type { Indexed, TextIndex } from '../platform/text-index';

// Every instance keeps the titles of all courses in memory, English and Bengali, normalized, and
// the words of their descriptions and instructors' names (server/platform/text-index.ts): a substring test
// over 10,000 short titles takes a fraction of a millisecond, which no database index of grams
// matched. The courses collection stays the source of truth: the index is built from it on the
// first search and built again on the first search after a catalogue change this process learns
// of (server/platform/public-changes.ts, at most a second after it was made anywhere), so a new, renamed or
// deleted course shows in every instance's search within about two seconds. Sales and reviews,
// announced far more often, do not change what is indexed: they leave the index alone.

export type IndexedCourse = Indexed & {
  id: ObjectId;
  classCourse: CourseList;
  /** Its translated titles, which suggestions show to readers of those languages. */
  translations?: Translations<Pick<ItemText, 'title'>>;
};

export type CourseSearchIndex = TextIndex<IndexedCourse>;

async function buildIndex(): Promise<CourseSearchIndex> {
  const documents = await withDb(async () =>
    (await collection('courses'))
      .find(LISTED_COURSES, { projection: { _id: 1, classCourse: 1, title: 1, translations: 1, ShortDescription: 1, instructorName: 1 } })
      .toArray(),
  );
  const described = new Map<string, string>();
  const courses = documents
    .map((document): IndexedCourse => {
      const key = document._id.toHexString();
      described.set(key, [document.ShortDescription, ...translatedTexts(document.translations, 'description'), document.instructorName].filter(Boolean).join(' '));
      return {
        id: document._id,
        key,
        classCourse: document.classCourse,
        title: document.title,
        ...titleTranslations(document.translations),
        titles: everyTitle(document.title, document.translations).map(normalizeSearchText),
      };
    })
    .sort(byTitle);
  return textIndexOf(courses, (course) => described.get(course.key) ?? '');
}

const kept = keptUntilCatalogueChange('courseSearchIndex', buildIndex);

/** Builds the index from the courses as they are now (tests; a search builds it when needed). */
export const rebuildCourseSearchIndex = kept.rebuild;

/** The index as of the last change this process learned of: searches arriving together share one build. */
export const courseSearchIndex = kept.get;

import 'server-only';
import { may } from '@/lib/permissions';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import { lessonsOf } from '@/lib/curriculum';
import type { Curriculum, LessonOutline } from '@/lib/curriculum';
import { routing } from '@/i18n/routing';
import { TRANSLATION_LOCALES } from '@/lib/translated-content';
import type { TranslationLocale } from '@/lib/translated-content';
import type { CourseList } from '@/lib/catalogue';
import { findCourseForBuyers } from '../catalogue/admin/unlisting';
import { toCurriculum } from './curriculum';
import { collection, parseObjectId, withDb } from '../platform/db';
import { hasPaidOrder } from '../commerce/orders';
import type { ArticleDocument, LessonDocument } from '../platform/documents';
import { MARKDOWN_RENDERER, renderedArticle } from '../platform/markdown';
import type { User } from '../accounts/users';

// Who may open which lesson: a course's buyers (a paid order) and admins take every lesson;
// everyone, signed in or not, opens the free previews; the rest are locked. Every door to a
// lesson (the player page, its media, the progress API) asks here.

export type Learner = Pick<User, 'id' | 'role'> | null;

export type LearningCourse = {
  id: string;
  /** False once deleted after a sale, and while a draft: only its buyers (and admins) may open it. */
  listed: boolean;
  classCourse: CourseList;
  title: string;
  /** The translated titles, where an admin gave them (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
  instructorName: string;
  curriculum: Curriculum;
};

export type LessonAccess = 'full' | 'preview' | 'locked';

/** The course as the player needs it (outline, no sales fields), or null when there is none. */
export const findLearningCourse = cache(async (courseId: string): Promise<LearningCourse | null> => {
  const id = parseObjectId(courseId);
  if (!id) return null;
  // Unlisted courses too: their buyers keep them (server/catalogue/admin/unlisting.ts).
  const found = await findCourseForBuyers(id, { classCourse: 1, title: 1, translations: 1, instructorName: 1, curriculum: 1, draft: 1 });
  if (!found) return null;
  const { course: document, listed } = found;
  return {
    listed: listed && document.draft !== true,
    id: document._id.toHexString(),
    classCourse: document.classCourse,
    title: document.title,
    ...(document.translations ? { translations: document.translations } : {}),
    instructorName: document.instructorName,
    curriculum: toCurriculum(document.curriculum),
  };
});

/** Whether `learner` may take the whole course: admins, and buyers with a paid order. */
export const canTakeCourse = cache(async (learner: Learner, courseId: string): Promise<boolean> => {
  if (!learner) return false;
  if (may(learner, 'manageCatalogue')) return true;
  // One lookup through the orders' {userId, itemId} index.
  return hasPaidOrder(learner, courseId);
});

export async function lessonAccess(learner: Learner, course: LearningCourse, lesson: LessonOutline): Promise<LessonAccess> {
  if (await canTakeCourse(learner, course.id)) return 'full';
  return lesson.freePreview ? 'preview' : 'locked';
}

export function findLessonOutline(course: LearningCourse, lessonId: string): LessonOutline | null {
  return lessonsOf(course.curriculum).find((lesson) => lesson.id === lessonId) ?? null;
}

type ArticleHtml = Pick<ArticleDocument, 'html'>;

/** A lesson's content as learners receive it: each article's HTML without the Markdown it came from. */
export type LessonContent = Omit<LessonDocument, 'article' | 'translations'> & {
  article?: ArticleHtml;
  translations?: Translations<{ article: ArticleHtml; transcript: string }>;
};

/** Where a lesson keeps its articles: the default language's, then each translation's. */
const ARTICLE_PATHS = ['article', ...TRANSLATION_LOCALES.map((locale) => `translations.${locale}.article`)];

/** The lesson's articles by where they are kept. */
function articlesOf(lesson: Pick<LessonDocument, 'article' | 'translations'>): [path: string, article: Partial<ArticleDocument>][] {
  const articles = [lesson.article, ...TRANSLATION_LOCALES.map((locale) => lesson.translations?.[locale]?.article)];
  return ARTICLE_PATHS.flatMap((path, index) => {
    const article = articles[index];
    return article ? [[path, article] as [string, Partial<ArticleDocument>]] : [];
  });
}

const WITHOUT_MARKDOWN = Object.fromEntries(ARTICLE_PATHS.map((path) => [`${path}.markdown`, 0]));

/** A lesson's content; null when it has none stored (an outline entry whose content was never saved). */
export const findLessonContent = cache(async (courseId: string, lessonId: string): Promise<LessonContent | null> => {
  const id = parseObjectId(lessonId);
  const course = parseObjectId(courseId);
  if (!id || !course) return null;
  const read = () => withDb(async () => (await collection('lessons')).findOne({ _id: id, courseId: course }, { projection: WITHOUT_MARKDOWN }));
  const lesson = await read();
  if (!lesson) return null;
  const stale = articlesOf(lesson).filter(([, article]) => (article.renderer ?? 1) < MARKDOWN_RENDERER);
  if (stale.length === 0) return lesson;
  await renderArticlesAgain(id, stale.map(([path]) => path));
  return read();
});

/** Articles stored by an older renderer, rendered and stored by the current one (its rules may be stricter). */
async function renderArticlesAgain(lessonId: ObjectId, paths: string[]): Promise<void> {
  await withDb(async () => {
    const lessons = await collection('lessons');
    const stored = await lessons.findOne({ _id: lessonId }, { projection: Object.fromEntries(paths.map((path) => [`${path}.markdown`, 1])) });
    for (const [path, { markdown }] of stored ? articlesOf(stored) : []) {
      if (!paths.includes(path) || markdown === undefined) continue;
      // Only over the Markdown it was made from: an edit saved meanwhile stays.
      await lessons.updateOne({ _id: lessonId, [`${path}.markdown`]: markdown }, { $set: { [path]: renderedArticle(markdown) } });
    }
  });
}

/** A text as a reader gets it, and the language it is written in. */
export type WrittenIn = { text: string; locale: string };

/**
 * A lesson's article (its HTML) and transcript as a reader of `locale` gets them, field by field:
 * the translation where one is written, else the default language's.
 */
export function lessonTextIn(content: LessonContent, locale: string): { article?: WrittenIn; transcript?: WrittenIn } {
  const texts = content.translations?.[locale as TranslationLocale];
  const pick = (translation: string | undefined, base: string | undefined): WrittenIn | undefined =>
    translation ? { text: translation, locale } : base ? { text: base, locale: routing.defaultLocale } : undefined;
  return { article: pick(texts?.article?.html, content.article?.html), transcript: pick(texts?.transcript, content.transcript) };
}

export type OpenedLesson =
  | { status: 'not-found' }
  | { status: 'locked'; course: LearningCourse; lesson: LessonOutline }
  | { status: 'open'; access: Exclude<LessonAccess, 'locked'>; course: LearningCourse; lesson: LessonOutline };

/** Finds a course's lesson and decides whether `learner` may open it. */
export async function openLesson(learner: Learner, courseId: string, lessonId: string): Promise<OpenedLesson> {
  if (!parseObjectId(courseId)) return { status: 'not-found' };
  // Both reads at once; lessonAccess below finds the answer in React's per-request cache.
  const [course] = await Promise.all([findLearningCourse(courseId), canTakeCourse(learner, courseId)]);
  const lesson = course && findLessonOutline(course, lessonId);
  if (!course || !lesson) return { status: 'not-found' };
  const access = await lessonAccess(learner, course, lesson);
  // An unlisted course is there for its buyers only: to anyone else it does not exist.
  if (!course.listed && access !== 'full') return { status: 'not-found' };
  return access === 'locked' ? { status: 'locked', course, lesson } : { status: 'open', access, course, lesson };
}

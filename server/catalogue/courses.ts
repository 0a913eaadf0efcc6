import 'server-only';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import type { CourseList } from '@/lib/catalogue';
import { defaultView } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import type { Curriculum } from '@/lib/curriculum';
import { centsToDollars } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { ratingSummary } from '@/lib/ratings';
import type { RatingSummary } from '@/lib/ratings';
import { catalogueFilter, catalogueSort } from './catalogue-sorting';
import { courseCounts, toCurriculum } from '../learning/curriculum';
import { collection, parseObjectId, withDb } from '../platform/db';
import type { CourseDocument, Points, SyllabusPart } from '../platform/documents';
import { readByIdTogether } from '../platform/reads-by-id';

// Reads of the course catalogue, as plain objects (`_id` → `id`; `price` in dollars kept beside
// `priceCents` for the legacy answers; `pricePaisa`, the taka price, where the course has one).
// Each read is memoized per request with React cache().

export const COURSES_PER_PAGE = 24;

/** What every public read of courses asks: published courses only (a draft is seen by admins alone). */
export const LISTED_COURSES = { draft: { $ne: true } } as const;

export type CourseSummary = {
  id: string;
  classCourse: CourseList;
  title: string;
  img: string;
  priceCents: number;
  price: number;
  /** The price in taka, integer paisa (0 when free); absent: priced in dollars only. */
  pricePaisa?: number;
  /** Buyers' reviews (server/reviews/item-reviews.ts); null until the first one. */
  rating: RatingSummary | null;
  /** The translated title and short description, where an admin gave them (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
};

export type Course = CourseSummary & {
  ShortDescription: string;
  objective: Points;
  instructorImg: string;
  instructorName: string;
  education: string;
  about: string;
  syllabus: { free: SyllabusPart; email: SyllabusPart; monologues: SyllabusPart };
  video: string;
  promoCode: string;
  Enrolled: number;
  hours: number;
  videos: number;
  quizzes: number;
  notes: number;
  transcripts: number;
  curriculum: Curriculum;
  /** Listed but not for sale yet. */
  comingSoon: boolean;
  /** Not published yet (admins only). */
  draft: boolean;
  instructorId?: string;
  state: 'unread' | 'read';
  createdAt: string;
};

export type CoursePage = PageInfo & { items: CourseSummary[] };

export const COURSE_SUMMARY_FIELDS = { classCourse: 1, title: 1, img: 1, priceCents: 1, pricePaisa: 1, rating: 1, translations: 1 } as const;

export type CourseSummaryFields = Pick<CourseDocument, '_id' | 'classCourse' | 'title' | 'img' | 'priceCents' | 'pricePaisa' | 'rating' | 'translations'>;

export function toCourseSummary(document: CourseSummaryFields): CourseSummary {
  return {
    id: document._id.toHexString(),
    classCourse: document.classCourse,
    title: document.title,
    img: document.img,
    priceCents: document.priceCents,
    price: centsToDollars(document.priceCents),
    ...(typeof document.pricePaisa === 'number' ? { pricePaisa: document.pricePaisa } : {}),
    rating: ratingSummary(document),
    ...(document.translations ? { translations: document.translations } : {}),
  };
}

function toCourse(document: CourseDocument): Course {
  return {
    ...toCourseSummary(document),
    ShortDescription: document.ShortDescription,
    objective: document.objective,
    instructorImg: document.instructorImg,
    instructorName: document.instructorName,
    education: document.education,
    about: document.about,
    syllabus: document.syllabus,
    video: document.video,
    promoCode: document.promoCode,
    Enrolled: document.Enrolled,
    ...courseCounts(document),
    curriculum: toCurriculum(document.curriculum),
    comingSoon: document.comingSoon === true,
    draft: document.draft === true,
    ...(document.instructorId ? { instructorId: document.instructorId.toHexString() } : {}),
    state: document.state,
    createdAt: document.createdAt.toISOString(),
  };
}

/**
 * One page of a course list (classOne … entertainCourse), newest first unless a view sorts or
 * filters it (lib/catalogue-view.ts; the indexes are in server/catalogue/catalogue-sorting.ts and db.ts).
 */
export const listCoursesByList = cache(async (list: CourseList, page: number, view: CatalogueView = defaultView('courses')): Promise<CoursePage> =>
  withDb(async () => {
    const courses = await collection('courses');
    const filter = { classCourse: list, ...LISTED_COURSES, ...catalogueFilter(view) };
    const [documents, total] = await Promise.all([
      courses
        .find(filter, { projection: COURSE_SUMMARY_FIELDS })
        .sort(catalogueSort(view.sort))
        .skip(skipFor(page, COURSES_PER_PAGE))
        .limit(COURSES_PER_PAGE)
        .toArray(),
      courses.countDocuments(filter),
    ]);
    return {
      items: documents.map(toCourseSummary),
      page,
      pageCount: pageCountOf(total, COURSES_PER_PAGE),
      total,
      pageSize: COURSES_PER_PAGE,
    };
  }),
);

/** One published course, or null when the id is malformed or unknown or names a draft (the page answers 404 either way). */
export const getCourse = cache(async (id: string): Promise<Course | null> => {
  const course = await getCourseForAdmin(id);
  return course && !course.draft ? course : null;
});

/** One course, draft or published: for the admin's editor. */
export const getCourseForAdmin = cache(async (id: string): Promise<Course | null> => {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  return withDb(async () => {
    const courses = await collection('courses');
    const document = await courses.findOne({ _id: objectId });
    return document ? toCourse(document) : null;
  });
});

/** Every course's id and list, for the sitemap (the detail address contains both). */
export const listAllCourseIds = cache(async (): Promise<{ id: string; classCourse: CourseList }[]> =>
  withDb(async () => {
    const courses = await collection('courses');
    const documents = await courses.find(LISTED_COURSES, { projection: { _id: 1, classCourse: 1 } }).toArray();
    return documents.map((document) => ({ id: document._id.toHexString(), classCourse: document.classCourse }));
  }),
);

// Whole documents for the legacy API, which answers in the old document shape (server/legacy/legacy-shapes.ts).

const courseDocumentById = readByIdTogether((ids) => withDb(async () => (await collection('courses')).find({ _id: { $in: ids }, ...LISTED_COURSES }).toArray()));

/** One published course document, or null when there is none. */
export async function findCourseDocument(id: ObjectId): Promise<CourseDocument | null> {
  return courseDocumentById(id);
}

export type CourseDocumentPage = { documents: CourseDocument[]; total: number };

/** A window of one list's published course documents (every list when `list` is null), newest first, and their total. */
export async function listCourseDocuments(list: CourseList | null, skip: number, limit: number): Promise<CourseDocumentPage> {
  return withDb(async () => {
    const courses = await collection('courses');
    const filter = list ? { classCourse: list, ...LISTED_COURSES } : LISTED_COURSES;
    const [documents, total] = await Promise.all([
      courses.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
      courses.countDocuments(filter),
    ]);
    return { documents, total };
  });
}

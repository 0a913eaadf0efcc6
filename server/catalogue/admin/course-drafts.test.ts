import { ObjectId } from 'mongodb';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CourseDocument } from '../../platform/documents';
import type { Actor } from '../../accounts/permissions';

// A draft course is seen by admins only: every public door (lists, search, the legacy API, the
// sitemap ids, the proxy's known ids, the course page, the lesson player, ordering) leaves it out
// until it is published, and then every one shows it. Against the real embedded database.

jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

selectPrivateDatabase('kz_jest_course_drafts');

type Modules = {
  adminCourses: typeof import('./courses');
  drafts: typeof import('./course-drafts');
  courses: typeof import('../courses');
  search: typeof import('../course-search');
  legacySearch: typeof import('../../legacy/legacy-course-search');
  itemIds: typeof import('../catalogue-item-ids');
  learning: typeof import('../../learning/learning');
  purchasable: typeof import('../../commerce/purchasable-items');
  changes: typeof import('../../platform/public-changes');
  db: typeof import('../../platform/db');
};
let m: Modules;

const admin: Actor = { id: new ObjectId().toHexString(), email: 'drafts-admin@example.com', role: 'admin' };
const learner: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };

beforeAll(async () => {
  m = {
    adminCourses: await import('./courses'),
    drafts: await import('./course-drafts'),
    courses: await import('../courses'),
    search: await import('../course-search'),
    legacySearch: await import('../../legacy/legacy-course-search'),
    itemIds: await import('../catalogue-item-ids'),
    learning: await import('../../learning/learning'),
    purchasable: await import('../../commerce/purchasable-items'),
    changes: await import('../../platform/public-changes'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['courses', 'notifications', 'auditLog'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

const lessonId = new ObjectId();

/** A course with one free-preview article, as a draft. */
async function draftCourse(title: string): Promise<CourseDocument> {
  const curriculum = [{ _id: new ObjectId(), title: 'Start', lessons: [{ _id: lessonId, title: 'Welcome', kind: 'article' as const, durationSeconds: 60, freePreview: true }] }];
  const course = await insertCourse({ title, classCourse: 'classNine', draft: true, curriculum, curriculumVersion: 1 });
  // What an admin's change announces: every instance builds its search index and id list again.
  await m.changes.announcePublicChange(undefined, { catalogue: true });
  return course;
}

/** What every public door answers for the course. */
async function publicDoors(course: CourseDocument) {
  const id = course._id.toHexString();
  return {
    list: (await m.courses.listCoursesByList('classNine', 1)).items.some((item) => item.id === id),
    page: (await m.courses.getCourse(id)) !== null,
    search: (await m.search.searchCourses('zephyr', 1)).items.some((item) => item.id === id),
    legacySearch: (await m.legacySearch.searchLegacyCourses('zephyr', 1)).items.some((item) => item._id === id),
    legacyList: (await m.courses.listCourseDocuments('classNine', 0, 100)).documents.some((document) => document._id.equals(course._id)),
    legacyEveryCourse: (await m.courses.listCourseDocuments(null, 0, 100)).documents.some((document) => document._id.equals(course._id)),
    legacyRead: (await m.courses.findCourseDocument(course._id)) !== null,
    sitemap: (await m.courses.listAllCourseIds()).some((entry) => entry.id === id),
    knownAddress: await m.itemIds.catalogueItemExists('course', id),
    preview: (await m.learning.openLesson(null, id, lessonId.toHexString())).status,
    onSale: (await m.purchasable.loadPurchasableItem(id)) !== null,
  };
}

it('keeps a draft out of every public door, shows it to admins, and shows it everywhere once published', async () => {
  const course = await draftCourse('Zephyr Winds Draft');

  expect(await publicDoors(course)).toEqual({
    list: false, page: false, search: false, legacySearch: false, legacyList: false, legacyEveryCourse: false,
    legacyRead: false, sitemap: false, knownAddress: false, preview: 'not-found', onSale: false,
  });
  // Admins open it in the player and its editor, and find it on the Drafts page.
  expect((await m.learning.openLesson({ id: admin.id, role: 'admin' }, course._id.toHexString(), lessonId.toHexString())).status).toBe('open');
  expect(await m.courses.getCourseForAdmin(course._id.toHexString())).toMatchObject({ title: 'Zephyr Winds Draft', draft: true });
  expect(await m.drafts.listDraftCourses(admin)).toEqual([
    { id: course._id.toHexString(), classCourse: 'classNine', title: 'Zephyr Winds Draft', lessons: 1, createdAt: course.createdAt.toISOString() },
  ]);

  await m.adminCourses.publishCourse(admin, course._id);

  expect(await publicDoors(course)).toEqual({
    list: true, page: true, search: true, legacySearch: true, legacyList: true, legacyEveryCourse: true,
    legacyRead: true, sitemap: true, knownAddress: true, preview: 'open', onSale: true,
  });
  expect(await m.drafts.listDraftCourses(admin)).toEqual([]);
});

it('lists the newest drafts first, with their lesson counts, to admins only', async () => {
  const older = await insertCourse({ title: 'Older Draft', draft: true, createdAt: new Date('2026-11-01T00:00:00Z') });
  const newer = await insertCourse({ title: 'Newer Draft', draft: true, createdAt: new Date('2026-11-20T00:00:00Z') });
  await insertCourse({ title: 'Published Course' });
  expect((await m.drafts.listDraftCourses(admin)).map((draft) => [draft.id, draft.lessons])).toEqual([
    [newer._id.toHexString(), 0],
    [older._id.toHexString(), 0],
  ]);
  await expect(m.drafts.listDraftCourses(learner)).rejects.toMatchObject({ status: 403 });
});

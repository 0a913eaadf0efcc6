import 'server-only';
import { ObjectId } from 'mongodb';
import type { InsertOneResult, UpdateResult } from 'mongodb';
import { courseAddSchema, courseUpdateSchema, legacyCourseCreateBody, legacyCourseUpdateBody } from '@/lib/schemas/course';
import type { CourseAddValues, CourseChangeValues, CourseCreateValues, CourseUpdateValues, LegacyCourseChangeValues, LegacyCourseCreateValues } from '@/lib/schemas/course';
import { recordAudit } from '../../platform/audit';
import { collection, withDb } from '../../platform/db';
import { HttpError } from '../../platform/http';
import type { CourseDocument } from '../../platform/documents';
import { notifyNewCourse, withdrawNotices } from '../../accounts/notifications';
import { definedFields, storedTranslations, updateWithTranslations } from './changes';
import { deleteCourseLessons, lessonCount } from './curriculum';
import { unlistCourse, unlistOrErase } from './unlisting';
import type { RemovedItem } from './unlisting';
import { COURSE_DEFAULTS } from './defaults';
import { FREE_TAKA_PRICE_IF_PAID, storedPrices } from './prices';
import { revalidateCatalogue } from '../catalogue-cache';
import { parsedAdminInput } from './admin-input';
import type { AdminPayload } from './admin-input';
import { authorizeAdminChange } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// Adding, publishing, changing and deleting courses: the one implementation behind the admin
// forms' server actions and the legacy API. Each parses what it is given with the schema of the
// door it came through (lib/schemas/course.ts: the form's, or the legacy API's wider one);
// each change refreshes the cached pages that show it, keeps the search index in step and is
// audited. A course starts as a draft, seen by admins only, and is published once its curriculum
// has a lesson. Its counts (hours, videos, quizzes, notes, transcripts) come from the curriculum
// (server/learning/curriculum.ts): numbers an old client sends are ignored.

export type CreatedCourse = { id: string; classCourse: CourseDocument['classCourse']; result: InsertOneResult<CourseDocument> };
export type ChangedCourse = { classCourse: CourseDocument['classCourse']; result: UpdateResult<CourseDocument> };

type PickedInstructor = Pick<CourseDocument, 'instructorId' | 'instructorName' | 'instructorImg' | 'education'>;

/** The instructor picked from Instructors, as the course shows them; 404 when they are gone. */
async function pickedInstructor(instructorId: string): Promise<PickedInstructor> {
  const id = new ObjectId(instructorId);
  const instructor = await withDb(async () => (await collection('instructors')).findOne({ _id: id }, { projection: { name: 1, img: 1, education: 1 } }));
  if (!instructor) throw new HttpError(404, 'thisInstructorNoLongerExistsChooseAnotherFromTheList');
  return { instructorId: id, instructorName: instructor.name, instructorImg: instructor.img, education: instructor.education };
}

/**
 * The form's values or the old client's, read as one: the fields either may have. The counts an
 * old client sends (Enrolled, hours, videos, quizzes, notes, transcripts) are left out: a course's
 * are counted.
 */
type AnyCourseValues = Partial<LegacyCourseCreateValues & LegacyCourseChangeValues & CourseAddValues & CourseUpdateValues>;

function courseFields(values: CourseCreateValues | CourseChangeValues) {
  const { Enrolled: _enrolled, hours: _hours, videos: _videos, quizzes: _quizzes, notes: _notes, transcripts: _transcripts, instructorId, price, priceBdt, comingSoon, ...fields } =
    values as AnyCourseValues;
  return { instructorId, price, priceBdt, comingSoon, fields };
}

const CREATE_SCHEMAS = { form: courseAddSchema, legacy: legacyCourseCreateBody } as const;
const CHANGE_SCHEMAS = { form: courseUpdateSchema, legacy: legacyCourseUpdateBody } as const;

export async function createCourse(actor: Actor, input: unknown, payload: AdminPayload): Promise<CreatedCourse> {
  const values: CourseCreateValues = parsedAdminInput(actor, CREATE_SCHEMAS[payload], input);
  await takeAdminWriteAllowance(actor);
  const { instructorId, price, priceBdt, fields } = courseFields(values);
  const { objective, syllabus, state, promoCode, video, classCourse, title, img, ShortDescription, about, translations } = fields as LegacyCourseCreateValues;
  const instructor = instructorId ? await pickedInstructor(instructorId) : { instructorName: fields.instructorName ?? '', instructorImg: fields.instructorImg ?? '', education: fields.education ?? '' };
  const document: CourseDocument = {
    _id: new ObjectId(),
    classCourse,
    title,
    img,
    ShortDescription,
    about,
    ...storedTranslations(translations),
    ...instructor,
    ...storedPrices({ price: price ?? 0, priceBdt }),
    // No promo video: the course page shows none (the legacy API answers an empty address).
    video: video ?? '',
    state: state ?? COURSE_DEFAULTS.state,
    objective: objective ?? { ...COURSE_DEFAULTS.objective },
    syllabus: syllabus ?? {
      free: { ...COURSE_DEFAULTS.syllabus.free },
      email: { ...COURSE_DEFAULTS.syllabus.email },
      monologues: { ...COURSE_DEFAULTS.syllabus.monologues },
    },
    promoCode: promoCode ?? COURSE_DEFAULTS.promoCode,
    // A new course has no buyers and no lessons yet.
    Enrolled: 0,
    hours: 0,
    videos: 0,
    quizzes: 0,
    notes: 0,
    transcripts: 0,
    // Nothing to deliver yet: seen by admins only until published (publishCourse).
    draft: true,
    createdAt: new Date(),
  };
  const result = await withDb(async () => (await collection('courses')).insertOne(document));
  const id = document._id.toHexString();
  await recordAudit({ actor, action: 'create', entity: 'course', entityId: id, summary: `Added the course “${document.title}” (${document.classCourse}) as a draft` });
  await revalidateCatalogue('course', [id]);
  return { id, classCourse: document.classCourse, result };
}

const NEEDS_A_LESSON = 'addAtLeastOneLessonToTheCurriculumBeforeTheCourseGoes';

/**
 * Changes the given fields; null when there is no such course. `comingSoon: false` puts it on sale
 * (publishing a draft), which needs a lesson. A typed instructor (an old client's) replaces the
 * one picked from Instructors.
 */
export async function updateCourse(actor: Actor, id: ObjectId, input: unknown, payload: AdminPayload): Promise<ChangedCourse | null> {
  const values: CourseChangeValues = parsedAdminInput(actor, CHANGE_SCHEMAS[payload], input);
  await takeAdminWriteAllowance(actor);
  const courses = await withDb(() => collection('courses'));
  const previous = await withDb(() => courses.findOne({ _id: id }, { projection: { title: 1, classCourse: 1, comingSoon: 1, draft: 1, curriculum: 1 } }));
  if (!previous) return null;
  const { instructorId, price, priceBdt, comingSoon, fields: { translations, ...fields } } = courseFields(values);
  const goesOnSale = comingSoon === false && (previous.comingSoon === true || previous.draft === true);
  if (goesOnSale && lessonCount(previous.curriculum) === 0) throw new HttpError(409, NEEDS_A_LESSON);
  // A draft is put on sale by publishing it (below), which tells the learners.
  const changes: Partial<CourseDocument> = {
    ...definedFields(fields),
    ...(instructorId ? await pickedInstructor(instructorId) : {}),
    ...(price === undefined ? {} : storedPrices({ price, priceBdt })),
    ...(comingSoon === undefined || previous.draft ? {} : { comingSoon }),
  };
  const typedInstructor = !instructorId && fields.instructorName !== undefined;
  const result = await withDb(() => courses.updateOne({ _id: id }, updateWithTranslations(changes, translations, typedInstructor ? ['instructorId'] : [])));
  if (result.matchedCount === 0) return null;
  if (changes.pricePaisa === undefined) await withDb(() => courses.updateOne({ _id: id, ...FREE_TAKA_PRICE_IF_PAID }, { $unset: { pricePaisa: '' } }));
  const title = changes.title ?? previous.title;
  await recordAudit({ actor, action: 'update', entity: 'course', entityId: id.toHexString(), summary: `Updated the course “${title}”` });
  await revalidateCatalogue('course', [id.toHexString()]);
  if (goesOnSale && previous.draft) await publishCourse(actor, id);
  return { classCourse: changes.classCourse ?? previous.classCourse, result };
}

/** How often publishing reads again when the curriculum changed between its check and its write. */
const PUBLISH_ATTEMPTS = 3;

/**
 * Publishes a draft: it joins the catalogue, on sale, and learners are told of it. It needs a
 * lesson; the write holds only over the curriculum that was checked. A published course is left as
 * it is (publishing twice tells nobody twice). Null when there is no such course.
 */
export async function publishCourse(actor: Actor, id: ObjectId): Promise<{ classCourse: CourseDocument['classCourse']; published: boolean } | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const courses = await withDb(() => collection('courses'));
  for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt += 1) {
    const course = await withDb(() => courses.findOne({ _id: id }, { projection: { title: 1, classCourse: 1, draft: 1, curriculum: 1, curriculumVersion: 1 } }));
    if (!course) return null;
    if (!course.draft) return { classCourse: course.classCourse, published: false };
    if (lessonCount(course.curriculum) === 0) throw new HttpError(409, NEEDS_A_LESSON);
    const published = await withDb(() =>
      courses.updateOne({ _id: id, draft: true, curriculumVersion: course.curriculumVersion }, { $unset: { draft: '' }, $set: { comingSoon: false } }),
    );
    if (published.modifiedCount === 0) continue;
    const courseId = id.toHexString();
    await notifyNewCourse({ id: courseId, title: course.title });
    await recordAudit({ actor, action: 'update', entity: 'course', entityId: courseId, summary: `Published the course “${course.title}”` });
    await revalidateCatalogue('course', [courseId]);
    return { classCourse: course.classCourse, published: true };
  }
  throw new HttpError(409, 'theCurriculumIsChangingAsYouPublishTryAgainInAMoment');
}

/**
 * Deletes a course (its lessons and their files too), or unlists it when someone bought it: it
 * leaves the catalogue and search, its buyers keep it. Its notices are withdrawn either way. Null
 * when there is no such course.
 */
export async function deleteCourse(actor: Actor, id: ObjectId): Promise<RemovedItem | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const courses = await withDb(() => collection('courses'));
  const previous = await withDb(() => courses.findOne({ _id: id }, { projection: { title: 1 } }));
  if (!previous) return null;
  const erase = async () => {
    if ((await withDb(() => courses.deleteOne({ _id: id }))).deletedCount === 0) return false;
    await deleteCourseLessons(id);
    return true;
  };
  const removed = await unlistOrErase({ kind: 'course', id, name: previous.title, actor, unlist: unlistCourse, erase });
  if (removed) {
    // Its notices would lead to a page that is gone.
    await withdrawNotices({ id: id.toHexString() });
    await revalidateCatalogue('course', [id.toHexString()]);
  }
  return removed;
}

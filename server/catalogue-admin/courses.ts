import 'server-only';
import { ObjectId } from 'mongodb';
import type { InsertOneResult, UpdateResult } from 'mongodb';
import type { CourseChangeValues, CourseCreateValues } from '@/lib/schemas/course';
import { recordAudit } from '../audit';
import { collection, withDb } from '../db';
import { HttpError } from '../http';
import type { CourseDocument } from '../documents';
import { notifyNewCourse, withdrawNotices } from '../notifications';
import { definedFields } from './changes';
import { deleteCourseLessons } from './curriculum';
import { unlistCourse, unlistOrErase } from './unlisting';
import type { RemovedItem } from './unlisting';
import { COURSE_DEFAULTS } from './defaults';
import { FREE_TAKA_PRICE_IF_PAID, storedPrices } from './prices';
import { revalidateCatalogue } from '../catalogue-cache';
import { authorizeAdminChange } from '../permissions';
import type { Actor } from '../permissions';

// Adding, changing and deleting courses: the one implementation behind the admin forms' server
// actions and the legacy API. Input is already validated (lib/schemas/course.ts); each change
// refreshes the cached pages that show it, keeps the title search index in step and is audited.

export type CreatedCourse = { id: string; classCourse: CourseDocument['classCourse']; result: InsertOneResult<CourseDocument> };
export type ChangedCourse = { classCourse: CourseDocument['classCourse']; result: UpdateResult<CourseDocument> };

export async function createCourse(actor: Actor, values: CourseCreateValues): Promise<CreatedCourse> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  // `Enrolled` is counted, never given: a course starts with no buyers (older clients may still send a number).
  const { price, priceBdt, objective, syllabus, state, promoCode, Enrolled: _given, transcripts, video, ...fields } = values;
  const document: CourseDocument = {
    _id: new ObjectId(),
    ...fields,
    ...storedPrices({ price, priceBdt }),
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
    Enrolled: 0,
    transcripts: transcripts ?? COURSE_DEFAULTS.transcripts,
    // Nothing to deliver yet: on sale once the curriculum has a lesson and an admin says so.
    comingSoon: true,
    createdAt: new Date(),
  };
  const result = await withDb(async () => (await collection('courses')).insertOne(document));
  const id = document._id.toHexString();
  await notifyNewCourse({ id, title: document.title });
  await recordAudit({ actor, action: 'create', entity: 'course', entityId: id, summary: `Added the course “${document.title}” (${document.classCourse})` });
  await revalidateCatalogue('course', [id]);
  return { id, classCourse: document.classCourse, result };
}

/** Changes the given fields; null when there is no such course. */
export async function updateCourse(actor: Actor, id: ObjectId, values: CourseChangeValues): Promise<ChangedCourse | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const courses = await withDb(() => collection('courses'));
  const previous = await withDb(() => courses.findOne({ _id: id }, { projection: { title: 1, classCourse: 1, comingSoon: 1, curriculum: 1 } }));
  if (!previous) return null;
  const hasLessons = (previous.curriculum ?? []).some((section) => section.lessons.length > 0);
  if (previous.comingSoon && values.comingSoon === false && !hasLessons) {
    throw new HttpError(409, 'Add at least one lesson to the curriculum before the course goes on sale.');
  }
  // The enrolment is the count of paid orders (server/fulfilment.ts, server/refunds.ts): a number sent is ignored.
  const { price, priceBdt, Enrolled: _given, ...fields } = values;
  const changes: Partial<CourseDocument> = { ...definedFields(fields), ...storedPrices({ price, priceBdt }) };
  const result = await withDb(() => courses.updateOne({ _id: id }, { $set: changes }));
  if (result.matchedCount === 0) return null;
  if (changes.pricePaisa === undefined) await withDb(() => courses.updateOne({ _id: id, ...FREE_TAKA_PRICE_IF_PAID }, { $unset: { pricePaisa: '' } }));
  const title = changes.title ?? previous.title;
  await recordAudit({ actor, action: 'update', entity: 'course', entityId: id.toHexString(), summary: `Updated the course “${title}”` });
  await revalidateCatalogue('course', [id.toHexString()]);
  return { classCourse: changes.classCourse ?? previous.classCourse, result };
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

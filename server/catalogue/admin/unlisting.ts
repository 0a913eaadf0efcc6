import 'server-only';
import type { ObjectId } from 'mongodb';
import { recordAudit } from '../../platform/audit';
import type { AuditActor } from '../../platform/audit';
import { collection, withDb } from '../../platform/db';
import type { BookDocument, CourseDocument } from '../../platform/documents';

// What is sold stays delivered: deleting a course or book that someone ordered moves it out of the
// catalogue (into `unlistedCourses` / `unlistedBooks`) instead of erasing it. Every catalogue
// read (lists, search, sitemap, the legacy API) reads only `courses` and `books`, so it is gone
// from all of them at once; the player, My Collection and downloads also look in the unlisted
// collections, so its buyers keep what they paid for.

/** A removal, in the driver's delete-result shape the legacy API answers, plus what became of it. */
export type RemovedItem = { acknowledged: true; deletedCount: 1; unlisted: boolean; buyers: number };

type Removal = {
  kind: 'course' | 'book';
  id: ObjectId;
  name: string;
  actor: AuditActor;
  /** Moves the item out of the catalogue; false when it was gone already. */
  unlist: (id: ObjectId) => Promise<boolean>;
  /** Erases the item and what belongs to it only; false when it was gone already. */
  erase: () => Promise<boolean>;
};

/**
 * Unlists the item when anyone ordered it, else erases it; audited. An unpaid order counts too:
 * its payment may already be under way and complete after the delete, and its buyer must then
 * find the item. Null when it was gone already.
 */
export async function unlistOrErase({ kind, id, name, actor, unlist, erase }: Removal): Promise<RemovedItem | null> {
  const [orders, buyers] = await Promise.all([countOrders(id), countBuyers(id)]);
  const unlisted = orders > 0;
  if (!(unlisted ? await unlist(id) : await erase())) return null;
  const summary = unlisted ? `Unlisted the ${kind} “${name}” (${buyers} ${buyers === 1 ? 'buyer keeps' : 'buyers keep'} access)` : `Deleted the ${kind} “${name}”`;
  await recordAudit({ actor, action: 'delete', entity: kind, entityId: id.toHexString(), summary });
  return { acknowledged: true, deletedCount: 1, unlisted, buyers };
}

/** How many ordered the item, paid or not. */
async function countOrders(itemId: ObjectId): Promise<number> {
  return withDb(async () => (await collection('orders')).countDocuments({ itemId }));
}

/** How many paid for the item. */
export async function countBuyers(itemId: ObjectId): Promise<number> {
  return withDb(async () => (await collection('orders')).countDocuments({ itemId, paid: true }));
}

/** Moves a bought course out of the catalogue; written to its new home before it leaves the old one. */
export async function unlistCourse(id: ObjectId): Promise<boolean> {
  return withDb(async () => {
    const document = await (await collection('courses')).findOne({ _id: id });
    if (!document) return false;
    await (await collection('unlistedCourses')).replaceOne({ _id: id }, { ...document, unlistedAt: new Date() }, { upsert: true });
    return (await (await collection('courses')).deleteOne({ _id: id })).deletedCount === 1;
  });
}

export async function unlistBook(id: ObjectId): Promise<boolean> {
  return withDb(async () => {
    const document = await (await collection('books')).findOne({ _id: id });
    if (!document) return false;
    await (await collection('unlistedBooks')).replaceOne({ _id: id }, { ...document, unlistedAt: new Date() }, { upsert: true });
    return (await (await collection('books')).deleteOne({ _id: id })).deletedCount === 1;
  });
}

type Projection = Record<string, 0 | 1>;

/** A course as its buyers reach it: from the catalogue, or unlisted (then `listed` is false). */
export async function findCourseForBuyers(id: ObjectId, projection: Projection): Promise<{ course: CourseDocument; listed: boolean } | null> {
  return withDb(async () => {
    const listed = await (await collection('courses')).findOne({ _id: id }, { projection });
    if (listed) return { course: listed, listed: true };
    const unlisted = await (await collection('unlistedCourses')).findOne({ _id: id }, { projection });
    return unlisted ? { course: unlisted, listed: false } : null;
  });
}

/** Items as their buyers reach them: the listed ones, then the unlisted ones of the rest. */
async function listedThenUnlisted<Item extends { _id: ObjectId }>(
  ids: ObjectId[],
  readListed: (ids: ObjectId[]) => Promise<Item[]>,
  readUnlisted: (ids: ObjectId[]) => Promise<Item[]>,
): Promise<Item[]> {
  const listed = await readListed(ids);
  const found = new Set(listed.map((item) => item._id.toHexString()));
  const missing = ids.filter((id) => !found.has(id.toHexString()));
  return missing.length === 0 ? listed : [...listed, ...(await readUnlisted(missing))];
}

/** Courses as their buyers reach them (My Collection): listed ones, then unlisted ones for the rest. */
export async function findCoursesForBuyers(ids: ObjectId[], projection: Projection): Promise<CourseDocument[]> {
  return withDb(() =>
    listedThenUnlisted(
      ids,
      async (some) => (await collection('courses')).find({ _id: { $in: some } }, { projection }).toArray(),
      async (some) => (await collection('unlistedCourses')).find({ _id: { $in: some } }, { projection }).toArray(),
    ),
  );
}

/** Books as their buyers reach them: listed ones, then unlisted ones for the rest. */
export async function findBooksForBuyers(ids: ObjectId[], projection: Projection): Promise<BookDocument[]> {
  return withDb(() =>
    listedThenUnlisted(
      ids,
      async (some) => (await collection('books')).find({ _id: { $in: some } }, { projection }).toArray(),
      async (some) => (await collection('unlistedBooks')).find({ _id: { $in: some } }, { projection }).toArray(),
    ),
  );
}

/** A book as its buyers reach it: from the catalogue, or unlisted. */
export async function findBookForBuyers(id: ObjectId, projection: Projection): Promise<BookDocument | null> {
  return withDb(async () => (await (await collection('books')).findOne({ _id: id }, { projection })) ?? (await collection('unlistedBooks')).findOne({ _id: id }, { projection }));
}

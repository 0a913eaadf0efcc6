import 'server-only';
import { ObjectId } from 'mongodb';
import type { DeleteResult, InsertOneResult, UpdateResult } from 'mongodb';
import type { InstructorValues } from '@/lib/schemas/instructor';
import { recordAudit } from '../audit';
import type { AuditActor } from '../audit';
import { collection, withDb } from '../db';
import type { InstructorDocument } from '../documents';
import { takeAdminWriteAllowance } from '../write-limits';

// Adding, changing and deleting instructor profiles: the one implementation behind the admin
// forms' server actions and the legacy API. Input is already validated
// (lib/schemas/instructor.ts); the callers refresh the cached pages.

export type CreatedInstructor = { id: string; result: InsertOneResult<InstructorDocument> };

export async function createInstructor(actor: AuditActor, values: InstructorValues): Promise<CreatedInstructor> {
  await takeAdminWriteAllowance(actor);
  const document: InstructorDocument = { _id: new ObjectId(), ...values, createdAt: new Date() };
  const result = await withDb(async () => (await collection('instructors')).insertOne(document));
  const id = document._id.toHexString();
  await recordAudit({ actor, action: 'create', entity: 'instructor', entityId: id, summary: `Added the instructor ${document.name} (${document.Subject})` });
  return { id, result };
}

/** Replaces the profile's fields; null when there is no such instructor. */
export async function updateInstructor(actor: AuditActor, id: ObjectId, values: InstructorValues): Promise<UpdateResult<InstructorDocument> | null> {
  await takeAdminWriteAllowance(actor);
  const result = await withDb(async () => (await collection('instructors')).updateOne({ _id: id }, { $set: values }));
  if (result.matchedCount === 0) return null;
  await recordAudit({ actor, action: 'update', entity: 'instructor', entityId: id.toHexString(), summary: `Updated the instructor ${values.name} (${values.Subject})` });
  return result;
}

/** Deletes a profile; null when there is no such instructor. */
export async function deleteInstructor(actor: AuditActor, id: ObjectId): Promise<DeleteResult | null> {
  await takeAdminWriteAllowance(actor);
  const instructors = await withDb(() => collection('instructors'));
  const previous = await withDb(() => instructors.findOne({ _id: id }, { projection: { name: 1 } }));
  if (!previous) return null;
  const result = await withDb(() => instructors.deleteOne({ _id: id }));
  if (result.deletedCount === 0) return null;
  await recordAudit({ actor, action: 'delete', entity: 'instructor', entityId: id.toHexString(), summary: `Deleted the instructor ${previous.name}` });
  return result;
}

import 'server-only';
import { ObjectId } from 'mongodb';
import type { DeleteResult, InsertOneResult, UpdateResult } from 'mongodb';
import { instructorSchema } from '@/lib/schemas/instructor';
import { recordAudit } from '../../platform/audit';
import { collection, withDb } from '../../platform/db';
import type { InstructorDocument } from '../../platform/documents';
import { revalidateCatalogue } from '../catalogue-cache';
import { storedTranslations, updateWithTranslations } from './changes';
import { parsedAdminInput } from './admin-input';
import { authorizeAdminChange } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// Adding, changing and deleting instructor profiles: the one implementation behind the admin
// forms' server actions and the legacy API. Each parses what it is given (lib/schemas/instructor.ts,
// one schema for the form and the API: server/catalogue/admin/admin-input.ts); each change
// refreshes the cached pages that show it.

export type CreatedInstructor = { id: string; result: InsertOneResult<InstructorDocument> };

export async function createInstructor(actor: Actor, input: unknown): Promise<CreatedInstructor> {
  const values = parsedAdminInput(actor, instructorSchema, input);
  await takeAdminWriteAllowance(actor);
  const { translations, ...fields } = values;
  const document: InstructorDocument = { _id: new ObjectId(), ...fields, ...storedTranslations(translations), createdAt: new Date() };
  const result = await withDb(async () => (await collection('instructors')).insertOne(document));
  const id = document._id.toHexString();
  await recordAudit({ actor, action: 'create', entity: 'instructor', entityId: id, summary: `Added the instructor ${document.name} (${document.Subject})` });
  await revalidateCatalogue('instructor', [id]);
  return { id, result };
}

/** Replaces the profile's fields (and the translations given); null when there is no such instructor. */
export async function updateInstructor(actor: Actor, id: ObjectId, input: unknown): Promise<UpdateResult<InstructorDocument> | null> {
  const values = parsedAdminInput(actor, instructorSchema, input);
  await takeAdminWriteAllowance(actor);
  const { translations, ...fields } = values;
  const result = await withDb(async () => (await collection('instructors')).updateOne({ _id: id }, updateWithTranslations(fields, translations)));
  if (result.matchedCount === 0) return null;
  await recordAudit({ actor, action: 'update', entity: 'instructor', entityId: id.toHexString(), summary: `Updated the instructor ${values.name} (${values.Subject})` });
  await revalidateCatalogue('instructor', [id.toHexString()]);
  return result;
}

/** Deletes a profile; null when there is no such instructor. */
export async function deleteInstructor(actor: Actor, id: ObjectId): Promise<DeleteResult | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const instructors = await withDb(() => collection('instructors'));
  const previous = await withDb(() => instructors.findOne({ _id: id }, { projection: { name: 1 } }));
  if (!previous) return null;
  const result = await withDb(() => instructors.deleteOne({ _id: id }));
  if (result.deletedCount === 0) return null;
  await recordAudit({ actor, action: 'delete', entity: 'instructor', entityId: id.toHexString(), summary: `Deleted the instructor ${previous.name}` });
  await revalidateCatalogue('instructor', [id.toHexString()]);
  return result;
}

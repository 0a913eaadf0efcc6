import 'server-only';
import { ObjectId } from 'mongodb';
import type { DeleteResult, InsertOneResult, UpdateResult } from 'mongodb';
import type { BlogValues } from '@/lib/schemas/blog';
import { recordAudit } from '../audit';
import type { AuditActor } from '../audit';
import { collection, withDb } from '../db';
import type { BlogDocument } from '../documents';
import { takeAdminWriteAllowance } from '../write-limits';

// Adding, changing and deleting blog posts: the one implementation behind the admin forms'
// server actions and the legacy API. Input is already validated (lib/schemas/blog.ts); the
// callers refresh the cached pages.

export type CreatedBlog = { id: string; result: InsertOneResult<BlogDocument> };

export async function createBlog(actor: AuditActor, values: BlogValues): Promise<CreatedBlog> {
  await takeAdminWriteAllowance(actor);
  const document: BlogDocument = { _id: new ObjectId(), ...values, createdAt: new Date() };
  const result = await withDb(async () => (await collection('blogs')).insertOne(document));
  const id = document._id.toHexString();
  await recordAudit({ actor, action: 'create', entity: 'blog', entityId: id, summary: `Added the blog post “${document.title}”` });
  return { id, result };
}

/** Replaces the post's fields; null when there is no such post. */
export async function updateBlog(actor: AuditActor, id: ObjectId, values: BlogValues): Promise<UpdateResult<BlogDocument> | null> {
  await takeAdminWriteAllowance(actor);
  const result = await withDb(async () => (await collection('blogs')).updateOne({ _id: id }, { $set: values }));
  if (result.matchedCount === 0) return null;
  await recordAudit({ actor, action: 'update', entity: 'blog', entityId: id.toHexString(), summary: `Updated the blog post “${values.title}”` });
  return result;
}

/** Deletes a post; null when there is no such post. */
export async function deleteBlog(actor: AuditActor, id: ObjectId): Promise<DeleteResult | null> {
  await takeAdminWriteAllowance(actor);
  const blogs = await withDb(() => collection('blogs'));
  const previous = await withDb(() => blogs.findOne({ _id: id }, { projection: { title: 1 } }));
  if (!previous) return null;
  const result = await withDb(() => blogs.deleteOne({ _id: id }));
  if (result.deletedCount === 0) return null;
  await recordAudit({ actor, action: 'delete', entity: 'blog', entityId: id.toHexString(), summary: `Deleted the blog post “${previous.title}”` });
  return result;
}

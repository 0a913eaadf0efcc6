import 'server-only';
import { ObjectId } from 'mongodb';
import type { DeleteResult, InsertOneResult, UpdateResult } from 'mongodb';
import { blogSchema } from '@/lib/schemas/blog';
import { recordAudit } from '../../platform/audit';
import { collection, withDb } from '../../platform/db';
import type { BlogDocument } from '../../platform/documents';
import { revalidateCatalogue } from '../catalogue-cache';
import { storedTranslations, updateWithTranslations } from './changes';
import { parsedAdminInput } from './admin-input';
import { authorizeAdminChange } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// Adding, changing and deleting blog posts: the one implementation behind the admin forms'
// server actions and the legacy API. Each parses what it is given (lib/schemas/blog.ts, one schema
// for the form and the API: server/catalogue/admin/admin-input.ts); each change refreshes the cached pages that show it, on every instance (server/catalogue/catalogue-cache.ts).

export type CreatedBlog = { id: string; result: InsertOneResult<BlogDocument> };

export async function createBlog(actor: Actor, input: unknown): Promise<CreatedBlog> {
  const values = parsedAdminInput(actor, blogSchema, input);
  await takeAdminWriteAllowance(actor);
  const { translations, ...fields } = values;
  const document: BlogDocument = { _id: new ObjectId(), ...fields, ...storedTranslations(translations), createdAt: new Date() };
  const result = await withDb(async () => (await collection('blogs')).insertOne(document));
  const id = document._id.toHexString();
  await recordAudit({ actor, action: 'create', entity: 'blog', entityId: id, summary: `Added the blog post “${document.title}”` });
  await revalidateCatalogue('blog', [id]);
  return { id, result };
}

/** Replaces the post's fields (and the translations given); null when there is no such post. */
export async function updateBlog(actor: Actor, id: ObjectId, input: unknown): Promise<UpdateResult<BlogDocument> | null> {
  const values = parsedAdminInput(actor, blogSchema, input);
  await takeAdminWriteAllowance(actor);
  const { translations, ...fields } = values;
  const result = await withDb(async () => (await collection('blogs')).updateOne({ _id: id }, updateWithTranslations(fields, translations)));
  if (result.matchedCount === 0) return null;
  await recordAudit({ actor, action: 'update', entity: 'blog', entityId: id.toHexString(), summary: `Updated the blog post “${values.title}”` });
  await revalidateCatalogue('blog', [id.toHexString()]);
  return result;
}

/** Deletes a post; null when there is no such post. */
export async function deleteBlog(actor: Actor, id: ObjectId): Promise<DeleteResult | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const blogs = await withDb(() => collection('blogs'));
  const previous = await withDb(() => blogs.findOne({ _id: id }, { projection: { title: 1 } }));
  if (!previous) return null;
  const result = await withDb(() => blogs.deleteOne({ _id: id }));
  if (result.deletedCount === 0) return null;
  await recordAudit({ actor, action: 'delete', entity: 'blog', entityId: id.toHexString(), summary: `Deleted the blog post “${previous.title}”` });
  await revalidateCatalogue('blog', [id.toHexString()]);
  return result;
}

import 'server-only';
import { ObjectId } from 'mongodb';
import type { DeleteResult, InsertOneResult, UpdateResult } from 'mongodb';
import { dollarsToCents } from '@/lib/schemas/admin-fields';
import type { BookChangeValues, BookCreateValues } from '@/lib/schemas/book';
import { recordAudit } from '../audit';
import type { AuditActor } from '../audit';
import { deleteBookFile } from '../book-files';
import { collection, withDb } from '../db';
import type { BookDocument } from '../documents';
import { notifyNewBook } from '../notifications';
import { definedFields } from './changes';
import { BOOK_DEFAULTS } from './defaults';
import { takeAdminWriteAllowance } from '../write-limits';

// Adding, changing and deleting books: the one implementation behind the admin forms' server
// actions and the legacy API. Input is already validated (lib/schemas/book.ts); the callers
// refresh the cached pages. A deleted book takes its stored file with it.

export type CreatedBook = { id: string; result: InsertOneResult<BookDocument> };

export async function createBook(actor: AuditActor, values: BookCreateValues): Promise<CreatedBook> {
  await takeAdminWriteAllowance(actor);
  const { price, objective, state, ...fields } = values;
  const document: BookDocument = {
    _id: new ObjectId(),
    // Optional writers left blank are not stored at all (server/books.ts reads absent slots).
    ...definedFields(fields),
    priceCents: dollarsToCents(price),
    state: state ?? BOOK_DEFAULTS.state,
    objective: objective ?? { ...BOOK_DEFAULTS.objective },
    createdAt: new Date(),
  };
  const result = await withDb(async () => (await collection('books')).insertOne(document));
  const id = document._id.toHexString();
  await notifyNewBook({ id, bookName: document.bookName });
  await recordAudit({ actor, action: 'create', entity: 'book', entityId: id, summary: `Added the book “${document.bookName}” (${document.formate})` });
  return { id, result };
}

/** Changes the given fields; null when there is no such book. */
export async function updateBook(actor: AuditActor, id: ObjectId, values: BookChangeValues): Promise<UpdateResult<BookDocument> | null> {
  await takeAdminWriteAllowance(actor);
  const { price, ...fields } = values;
  const changes: Partial<BookDocument> = { ...definedFields(fields), priceCents: dollarsToCents(price) };
  const result = await withDb(async () => (await collection('books')).updateOne({ _id: id }, { $set: changes }));
  if (result.matchedCount === 0) return null;
  await recordAudit({ actor, action: 'update', entity: 'book', entityId: id.toHexString(), summary: `Updated the book “${values.bookName}”` });
  return result;
}

/** Deletes a book and its stored file; null when there is no such book. */
export async function deleteBook(actor: AuditActor, id: ObjectId): Promise<DeleteResult | null> {
  await takeAdminWriteAllowance(actor);
  const books = await withDb(() => collection('books'));
  const previous = await withDb(() => books.findOne({ _id: id }, { projection: { bookName: 1 } }));
  if (!previous) return null;
  const result = await withDb(() => books.deleteOne({ _id: id }));
  if (result.deletedCount === 0) return null;
  await deleteBookFile(id);
  await recordAudit({ actor, action: 'delete', entity: 'book', entityId: id.toHexString(), summary: `Deleted the book “${previous.bookName}”` });
  return result;
}

import 'server-only';
import { ObjectId } from 'mongodb';
import type { InsertOneResult, UpdateResult } from 'mongodb';
import { bookAddSchema, bookUpdateSchema, legacyBookCreateBody, legacyBookUpdateBody } from '@/lib/schemas/book';
import type { BookChangeValues, BookCreateValues } from '@/lib/schemas/book';
import { recordAudit } from '../../platform/audit';
import { deleteBookFile, findBookFile } from '../book-files';
import type { BookFileContentType } from '../book-files';
import { collection, withDb } from '../../platform/db';
import type { BookDocument } from '../../platform/documents';
import { notifyNewBook, withdrawNotices } from '../../accounts/notifications';
import { definedFields, storedTranslations, updateWithTranslations } from './changes';
import { unlistBook, unlistOrErase } from './unlisting';
import type { RemovedItem } from './unlisting';
import { BOOK_DEFAULTS } from './defaults';
import { FREE_TAKA_PRICE_IF_PAID, storedPrices } from './prices';
import { revalidateCatalogue } from '../catalogue-cache';
import { parsedAdminInput } from './admin-input';
import type { AdminPayload } from './admin-input';
import { authorizeAdminChange } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// Adding, changing and deleting books: the one implementation behind the admin forms' server
// actions and the legacy API. Each parses what it is given with the schema of the door it came
// through (lib/schemas/book.ts: the form's, or the legacy API's wider one); each change
// refreshes the cached pages that show it. A deleted book takes its stored file with it, unless
// someone bought it: then it is unlisted (server/catalogue/admin/unlisting.ts).

const FORMAT_OF_FILE: Record<BookFileContentType, BookDocument['formate']> = { 'application/pdf': 'PDF', 'audio/mpeg': 'MP3' };

export type CreatedBook = { id: string; result: InsertOneResult<BookDocument> };

const CREATE_SCHEMAS = { form: bookAddSchema, legacy: legacyBookCreateBody } as const;
const CHANGE_SCHEMAS = { form: bookUpdateSchema, legacy: legacyBookUpdateBody } as const;

export async function createBook(actor: Actor, input: unknown, payload: AdminPayload): Promise<CreatedBook> {
  const values: BookCreateValues = parsedAdminInput(actor, CREATE_SCHEMAS[payload], input);
  await takeAdminWriteAllowance(actor);
  // A typed file size is ignored: the book has no file yet, and its size will be the file's.
  const { price, priceBdt, objective, state, filesize: _typedSize, translations, ...fields } = values;
  const document: BookDocument = {
    _id: new ObjectId(),
    // Optional writers left blank are not stored at all (server/catalogue/books.ts reads absent slots).
    ...definedFields(fields),
    ...storedTranslations(translations),
    filesize: '',
    ...storedPrices({ price, priceBdt }),
    state: state ?? BOOK_DEFAULTS.state,
    objective: objective ?? { ...BOOK_DEFAULTS.objective },
    createdAt: new Date(),
  };
  const result = await withDb(async () => (await collection('books')).insertOne(document));
  const id = document._id.toHexString();
  await notifyNewBook({ id, bookName: document.bookName });
  await recordAudit({ actor, action: 'create', entity: 'book', entityId: id, summary: `Added the book “${document.bookName}” (${document.formate})` });
  await revalidateCatalogue('book', [id]);
  return { id, result };
}

/** Changes the given fields; null when there is no such book. */
export async function updateBook(actor: Actor, id: ObjectId, input: unknown, payload: AdminPayload): Promise<UpdateResult<BookDocument> | null> {
  const values: BookChangeValues = parsedAdminInput(actor, CHANGE_SCHEMAS[payload], input);
  await takeAdminWriteAllowance(actor);
  const file = await findBookFile(id);
  // The size, and a PDF's pages once counted, are the file's: numbers typed are ignored.
  const { price, priceBdt, filesize: _typedSize, page, translations, ...fields } = values;
  const changes: Partial<BookDocument> = { ...definedFields(fields), ...(file?.pages ? {} : definedFields({ page })), ...storedPrices({ price, priceBdt }) };
  // A new format makes the stored file wrong for the book: it goes off sale until one of the new format is uploaded.
  const fileNoLongerFits = file !== null && changes.formate !== undefined && FORMAT_OF_FILE[file.contentType] !== changes.formate;
  if (fileNoLongerFits) changes.filesize = '';
  const books = await withDb(() => collection('books'));
  const result = await withDb(() => books.updateOne({ _id: id }, updateWithTranslations(changes, translations)));
  if (result.matchedCount === 0) return null;
  if (changes.pricePaisa === undefined) await withDb(() => books.updateOne({ _id: id, ...FREE_TAKA_PRICE_IF_PAID }, { $unset: { pricePaisa: '' } }));
  if (fileNoLongerFits) await deleteBookFile(id);
  await recordAudit({ actor, action: 'update', entity: 'book', entityId: id.toHexString(), summary: `Updated the book “${values.bookName}”` });
  await revalidateCatalogue('book', [id.toHexString()]);
  return result;
}

/**
 * Deletes a book and its stored file, or unlists it when someone bought it: it leaves the
 * catalogue, its buyers keep the file. Its notices are withdrawn either way. Null when there is no
 * such book.
 */
export async function deleteBook(actor: Actor, id: ObjectId): Promise<RemovedItem | null> {
  await authorizeAdminChange(actor, 'manageCatalogue');
  const books = await withDb(() => collection('books'));
  const previous = await withDb(() => books.findOne({ _id: id }, { projection: { bookName: 1 } }));
  if (!previous) return null;
  const erase = async () => {
    if ((await withDb(() => books.deleteOne({ _id: id }))).deletedCount === 0) return false;
    await deleteBookFile(id);
    return true;
  };
  const removed = await unlistOrErase({ kind: 'book', id, name: previous.bookName, actor, unlist: unlistBook, erase });
  // Its notices would lead to a page that is gone.
  if (removed) {
    await withdrawNotices({ id: id.toHexString() });
    await revalidateCatalogue('book', [id.toHexString()]);
  }
  return removed;
}

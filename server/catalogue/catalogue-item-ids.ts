import 'server-only';
import { ObjectId } from 'mongodb';
import { keptUntilCatalogueChange } from './catalogue-memory';
import { collection, withDb } from '../platform/db';
import { LISTED_COURSES } from './courses';
import { readByIdTogether } from '../platform/reads-by-id';

// The ids of every course, book and blog, kept by each instance, so that the proxy can answer the
// address of an item that does not exist 404 without rendering a page (a crawler or a
// scraper walking made-up ids would otherwise cost a whole render each). An id missing here is asked of the
// database, the source of truth, before it is called unknown: an item added on another instance
// a moment ago is found. An id known here whose item was deleted meanwhile reaches its page,
// which answers 404 itself.

export type CatalogueItemKind = 'course' | 'book' | 'blog';

const COLLECTION_OF = { course: 'courses', book: 'books', blog: 'blogs' } as const;

/** What the public may see of each kind: a draft course's address is unknown to them. */
const PUBLIC = { course: LISTED_COURSES, book: {}, blog: {} } as const;

async function idsOf(kind: CatalogueItemKind): Promise<Set<string>> {
  const documents = await withDb(async () => (await collection(COLLECTION_OF[kind])).find(PUBLIC[kind], { projection: { _id: 1 } }).toArray());
  return new Set(documents.map((document) => document._id.toHexString()));
}

const knownIds = {
  course: keptUntilCatalogueChange('courseIds', () => idsOf('course')),
  book: keptUntilCatalogueChange('bookIds', () => idsOf('book')),
  blog: keptUntilCatalogueChange('blogIds', () => idsOf('blog')),
};

/**
 * Whether an id names an item, asked of the database: ids asked while a lookup of their kind is under
 * way go in the next `$in` query together, so a flood of made-up ids costs the database one query per
 * batch, not one per request.
 */
function existingIdsOf(kind: CatalogueItemKind) {
  return readByIdTogether((ids) => withDb(async () => (await collection(COLLECTION_OF[kind])).find({ _id: { $in: ids }, ...PUBLIC[kind] }, { projection: { _id: 1 } }).toArray()));
}

const existingIds = { course: existingIdsOf('course'), book: existingIdsOf('book'), blog: existingIdsOf('blog') };

/** Whether the item exists; `id` is 24 lowercase hex digits (lib/catalogue-addresses.ts). */
export async function catalogueItemExists(kind: CatalogueItemKind, id: string): Promise<boolean> {
  if ((await knownIds[kind].get()).has(id)) return true;
  return (await existingIds[kind](new ObjectId(id))) !== null;
}

import 'server-only';
import { ObjectId } from 'mongodb';
import { keptUntilCatalogueChange } from './catalogue-memory';
import { collection, withDb } from './db';

// The ids of every course, book and blog, kept by each instance, so that the proxy can answer the
// address of an item that does not exist 404 without rendering a page (issue 23: a crawler or a
// scraper walking made-up ids cost a whole render each). An id missing here is asked of the
// database, the source of truth, before it is called unknown: an item added on another instance
// a moment ago is found. An id known here whose item was deleted meanwhile reaches its page,
// which answers 404 itself.

export type CatalogueItemKind = 'course' | 'book' | 'blog';

const COLLECTION_OF = { course: 'courses', book: 'books', blog: 'blogs' } as const;

async function idsOf(kind: CatalogueItemKind): Promise<Set<string>> {
  const documents = await withDb(async () => (await collection(COLLECTION_OF[kind])).find({}, { projection: { _id: 1 } }).toArray());
  return new Set(documents.map((document) => document._id.toHexString()));
}

const knownIds = {
  course: keptUntilCatalogueChange('courseIds', () => idsOf('course')),
  book: keptUntilCatalogueChange('bookIds', () => idsOf('book')),
  blog: keptUntilCatalogueChange('blogIds', () => idsOf('blog')),
};

type Lookup = { ids: Set<string>; found: Promise<Set<string>> };

/**
 * The ids asked of the database while a lookup of their kind waits for its turn (the rest of this
 * turn of the event loop) go in that one `$in` query: a flood of made-up ids costs the database
 * one query per batch, not one per request.
 */
const waiting: Partial<Record<CatalogueItemKind, Lookup>> = {};

function lookUp(kind: CatalogueItemKind, id: string): Promise<boolean> {
  let lookup = waiting[kind];
  if (!lookup) {
    const ids = new Set<string>();
    const found = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      delete waiting[kind];
      const documents = await withDb(async () =>
        (await collection(COLLECTION_OF[kind])).find({ _id: { $in: [...ids].map((each) => new ObjectId(each)) } }, { projection: { _id: 1 } }).toArray(),
      );
      return new Set(documents.map((document) => document._id.toHexString()));
    });
    lookup = { ids, found };
    waiting[kind] = lookup;
  }
  lookup.ids.add(id);
  return lookup.found.then((found) => found.has(id));
}

/** Whether the item exists; `id` is 24 lowercase hex digits (lib/catalogue-addresses.ts). */
export async function catalogueItemExists(kind: CatalogueItemKind, id: string): Promise<boolean> {
  if ((await knownIds[kind].get()).has(id)) return true;
  return lookUp(kind, id);
}

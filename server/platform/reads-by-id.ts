import type { ObjectId } from 'mongodb';

// Reads of single documents by id that arrive while one is under way go to the database together,
// as one `_id: {$in: [...]}` query (answered by the `_id` index on MongoDB and on FerretDB), instead
// of one round trip each. A lone read is sent at once; only reads that would otherwise queue behind
// the one in flight wait for it, so under load the batches grow by themselves and no read waits for
// a timer. Every read is sent after it was asked for: none joins a query already under way, so a
// read after a write sees the write.

type Waiting<T> = { id: ObjectId; resolve: (document: T | null) => void; reject: (error: unknown) => void };

/** Largest number of ids in one query: bounds the query's size and the wait of the batch's first reader. */
export const MAX_IDS_PER_QUERY = 100;

/**
 * One document by id, read through `readMany` (the documents of some ids, in any order, missing ones
 * left out) together with the reads that arrive while a query is under way.
 */
export function readByIdTogether<T extends { _id: ObjectId }>(readMany: (ids: ObjectId[]) => Promise<T[]>): (id: ObjectId) => Promise<T | null> {
  let waiting: Waiting<T>[] = [];
  let underWay = false;

  function send(): void {
    if (underWay || waiting.length === 0) return;
    const batch = waiting.slice(0, MAX_IDS_PER_QUERY);
    waiting = waiting.slice(batch.length);
    underWay = true;
    const ids = [...new Map(batch.map(({ id }) => [id.toHexString(), id])).values()];
    readMany(ids)
      .then(
        (documents) => {
          const byId = new Map(documents.map((document) => [document._id.toHexString(), document]));
          for (const read of batch) read.resolve(byId.get(read.id.toHexString()) ?? null);
        },
        (error: unknown) => {
          for (const read of batch) read.reject(error);
        },
      )
      .finally(() => {
        underWay = false;
        send();
      });
  }

  return (id) =>
    new Promise<T | null>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      send();
    });
}

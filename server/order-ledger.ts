import 'server-only';
import { randomInt } from 'node:crypto';
import { MongoServerError, ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { getDb } from './db';
import { keyedQueue } from './keyed-queue';
import { changeRemembered, lastWritten } from './last-written';

// Each user's orders, in one document per user keyed by the user's `_id`.
//
// FerretDB 1.24 (SQLite) hands only `_id` equality to its storage: a query by `userId` reads
// every order there is (10 s for My Order with 100,000 orders in the database). The ledger turns
// "this user's orders" into one `_id` lookup plus one `_id` lookup per order shown. The orders
// collection stays the truth; the ledger is an index of it that repairs itself (an entry whose
// order is gone is skipped, an order missing from it is added back when it is found).
//
// Changes are read-modify-write with a version check, which MongoDB applies atomically; FerretDB
// does not make a conditional update atomic, so changes for one user are also queued in this
// process (the embedded database only ever serves one app process). The read is usually this
// process's own last write (see `known` below).

export type LedgerEntry = { orderId: ObjectId; itemId: ObjectId };
export type OrderLedgerDocument = { _id: ObjectId; entries: LedgerEntry[]; version: number };

const LEDGERS = 'orderLedgers';
const MIGRATIONS = 'migrations';
const BUILT_MARKER = 'orderLedgers:v1';
// FerretDB stops answering when one write command changes ~100 documents; stay well below.
const WRITE_BATCH = 50;

async function ledgers(): Promise<Collection<OrderLedgerDocument>> {
  return (await getDb()).collection<OrderLedgerDocument>(LEDGERS);
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

// Per-user queue (server/keyed-queue.ts).
const queued = keyedQueue('orderLedger');

type KnownLedger = Pick<OrderLedgerDocument, 'entries' | 'version'>;

// What this process last read or wrote per user (null: no ledger yet), so adding an order costs
// one write, not a read and a write. Every write is conditional on the version it replaces, and a
// "nothing to change" decision is confirmed by the database, so a stale entry only costs a re-read.
const known = lastWritten<KnownLedger | null>('orderLedgers', 5_000);

/** A version no earlier write of this ledger used (a counter could meet a rebuilt ledger's again). */
function newVersion(): number {
  return randomInt(2 ** 47);
}

/** Applies `change` to the user's entries; retried when another writer got there first. */
async function changeLedger(userId: ObjectId, change: (entries: LedgerEntry[]) => LedgerEntry[] | null): Promise<void> {
  await ensureOrderLedgers();
  const key = userId.toHexString();
  await queued(key, async () => {
    const collection = await ledgers();
    await changeRemembered<KnownLedger, undefined>(known, key, {
      name: `The order ledger of user ${key}`,
      read: async () => {
        const stored = await collection.findOne({ _id: userId });
        return stored ? { entries: stored.entries, version: stored.version } : null;
      },
      decide: (current) => {
        const next = change(current?.entries ?? []);
        return next ? { write: { entries: next, version: newVersion() }, result: undefined } : { keep: undefined };
      },
      write: async (current, next) => {
        if (current) return (await collection.updateOne({ _id: userId, version: current.version }, { $set: next })).matchedCount === 1;
        try {
          await collection.insertOne({ _id: userId, ...next });
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      },
    });
  });
}

const sameId = (a: ObjectId, b: ObjectId) => a.equals(b);

export function addLedgerEntry(userId: ObjectId, entry: LedgerEntry): Promise<void> {
  return changeLedger(userId, (entries) =>
    entries.some((existing) => sameId(existing.orderId, entry.orderId)) ? null : [...entries, { orderId: entry.orderId, itemId: entry.itemId }],
  );
}

export function removeLedgerEntry(userId: ObjectId, orderId: ObjectId): Promise<void> {
  return changeLedger(userId, (entries) => {
    const kept = entries.filter((entry) => !sameId(entry.orderId, orderId));
    return kept.length === entries.length ? null : kept;
  });
}

/** The user's orders as recorded, oldest first. */
export async function readLedger(userId: ObjectId): Promise<LedgerEntry[]> {
  await ensureOrderLedgers();
  return (await (await ledgers()).findOne({ _id: userId }))?.entries ?? [];
}

/**
 * Builds every ledger from the orders collection (one pass over it): for a database whose orders
 * were written before ledgers existed, or directly by a seed script.
 */
export async function rebuildOrderLedgers(): Promise<{ users: number; orders: number }> {
  const db = await getDb();
  const byUser = new Map<string, { userId: ObjectId; entries: (LedgerEntry & { createdAt: number })[] }>();
  let orders = 0;
  const cursor = db
    .collection<{ _id: ObjectId; userId: ObjectId; itemId: ObjectId; createdAt: Date }>('orders')
    .find({}, { projection: { _id: 1, userId: 1, itemId: 1, createdAt: 1 } })
    .batchSize(5_000);
  for await (const order of cursor) {
    const key = order.userId.toHexString();
    let ledger = byUser.get(key);
    if (!ledger) byUser.set(key, (ledger = { userId: order.userId, entries: [] }));
    ledger.entries.push({ orderId: order._id, itemId: order.itemId, createdAt: order.createdAt.getTime() });
    orders += 1;
  }
  const collection = await ledgers();
  let batch: AnyBulkWriteOperation<OrderLedgerDocument>[] = [];
  const flush = async () => {
    if (batch.length > 0) await collection.bulkWrite(batch, { ordered: false });
    batch = [];
  };
  for (const { userId, entries } of byUser.values()) {
    entries.sort((a, b) => a.createdAt - b.createdAt || a.orderId.toHexString().localeCompare(b.orderId.toHexString()));
    const replacement = { entries: entries.map(({ orderId, itemId }) => ({ orderId, itemId })), version: newVersion() };
    batch.push({ replaceOne: { filter: { _id: userId }, replacement, upsert: true } });
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
  await db.collection<{ _id: string; at: Date }>(MIGRATIONS).updateOne({ _id: BUILT_MARKER }, { $set: { at: new Date() } }, { upsert: true });
  return { users: byUser.size, orders };
}

let ensured: Promise<void> | null = null;

/** Builds the ledgers once per database, the first time this process needs them. */
export function ensureOrderLedgers(): Promise<void> {
  ensured ??= (async () => {
    const db = await getDb();
    const marker = await db.collection<{ _id: string }>(MIGRATIONS).findOne({ _id: BUILT_MARKER });
    if (!marker) await rebuildOrderLedgers();
  })().catch((error: unknown) => {
    ensured = null;
    throw error;
  });
  return ensured;
}

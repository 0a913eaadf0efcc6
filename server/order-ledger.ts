import 'server-only';
import { randomInt } from 'node:crypto';
import { MongoServerError, ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { getDb } from './db';
import { keyedQueue } from './keyed-queue';
import { changeRemembered, lastWritten } from './last-written';
import type { Decision } from './last-written';
import { incremented, retryAfterSeconds } from './rate-limit';
import type { Limit, WindowCounter } from './rate-limit';

// Each user's orders, in one document per user keyed by the user's `_id`.
//
// FerretDB 1.24 (SQLite) hands only `_id` equality to its storage: a query by `userId` reads
// every order there is (10 s for My Order with 100,000 orders in the database). The ledger turns
// "this user's orders" into one `_id` lookup plus one `_id` lookup per order shown. The orders
// collection stays the truth; the ledger is an index of it that repairs itself (an entry whose
// order is gone is skipped, an order missing from it is added back when it is found). A new
// order's entry is written first, with its id, and the order itself right after.
//
// Changes are read-modify-write with a version check, which MongoDB applies atomically; FerretDB
// does not make a conditional update atomic, so changes for one user are also queued in this
// process (the embedded database only ever serves one app process). The read is usually this
// process's own last write (see `known` below).

export type LedgerEntry = { orderId: ObjectId; itemId: ObjectId };
/**
 * `orderAllowance` counts the account's order requests (WRITE_LIMITS.order) in the same document,
 * so placing an order is one write for the allowance and the new entry together.
 */
export type OrderLedgerDocument = { _id: ObjectId; entries: LedgerEntry[]; version: number; orderAllowance?: WindowCounter };

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

type KnownLedger = Omit<OrderLedgerDocument, '_id'>;
type LedgerFields = Pick<OrderLedgerDocument, 'entries' | 'orderAllowance'>;

// What this process last read or wrote per user (null: no ledger yet), so adding an order costs
// one write, not a read and a write. Every write is conditional on the version it replaces, and a
// "nothing to change" decision is confirmed by the database, so a stale entry only costs a re-read.
const known = lastWritten<KnownLedger | null>('orderLedgers', 5_000);

/** A version no earlier write of this ledger used (a counter could meet a rebuilt ledger's again). */
function newVersion(): number {
  return randomInt(2 ** 47);
}

/** Applies the fields `decide` asks for to the user's ledger; retried when another writer got there first. */
async function changeLedger<R>(userId: ObjectId, decide: (current: LedgerFields) => Decision<Partial<LedgerFields>, R>): Promise<R> {
  await ensureOrderLedgers();
  const key = userId.toHexString();
  return queued(key, async () => {
    const collection = await ledgers();
    return changeRemembered<KnownLedger, R>(known, key, {
      name: `The order ledger of user ${key}`,
      read: async () => {
        const stored = await collection.findOne({ _id: userId });
        if (!stored) return null;
        const { _id, entries = [], ...ledger } = stored;
        return { ...ledger, entries };
      },
      decide: (current) => {
        const decision = decide(current ?? { entries: [] });
        if ('keep' in decision) return decision;
        return { write: { entries: [], ...current, ...decision.write, version: newVersion() }, result: decision.result };
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

/** What claiming an item's entry found: the account is over its order allowance, or the order id the item has in the ledger. */
export type LedgerClaim = { retryAfterSeconds: number } | { orderId: ObjectId; recordedBefore: boolean };

/**
 * Counts one order request against the account's allowance and finds the item's entry, or adds
 * one with a new order id for the caller to insert: one ledger write. Over the allowance, nothing
 * changes and the answer says how long to wait.
 */
export function claimLedgerEntry(userId: ObjectId, itemId: ObjectId, limit: Limit, now = new Date()): Promise<LedgerClaim> {
  return changeLedger<LedgerClaim>(userId, ({ entries, orderAllowance }) => {
    const retryAfter = retryAfterSeconds(orderAllowance ?? null, limit, now);
    if (retryAfter > 0) return { keep: { retryAfterSeconds: retryAfter } };
    const allowance = incremented(orderAllowance ?? null, limit, now);
    const recorded = entries.find((entry) => sameId(entry.itemId, itemId));
    if (recorded) return { write: { orderAllowance: allowance }, result: { orderId: recorded.orderId, recordedBefore: true } };
    const orderId = new ObjectId();
    return { write: { entries: [...entries, { orderId, itemId }], orderAllowance: allowance }, result: { orderId, recordedBefore: false } };
  });
}

/** Records `entry` as the item's order: replaces the item's entry (an order that is gone, or an id claimed in vain) or adds it. */
export function setLedgerEntry(userId: ObjectId, entry: LedgerEntry): Promise<void> {
  const recorded = { orderId: entry.orderId, itemId: entry.itemId };
  return changeLedger(userId, ({ entries }) => {
    const previous = entries.find((existing) => sameId(existing.itemId, entry.itemId));
    if (previous && sameId(previous.orderId, entry.orderId)) return { keep: undefined };
    const next = previous ? entries.map((existing) => (existing === previous ? recorded : existing)) : [...entries, recorded];
    return { write: { entries: next }, result: undefined };
  });
}

export function removeLedgerEntry(userId: ObjectId, orderId: ObjectId): Promise<void> {
  return changeLedger(userId, ({ entries }) => {
    const kept = entries.filter((entry) => !sameId(entry.orderId, orderId));
    return kept.length === entries.length ? { keep: undefined } : { write: { entries: kept }, result: undefined };
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
    // $set keeps the account's order allowance.
    const fields = { entries: entries.map(({ orderId, itemId }) => ({ orderId, itemId })), version: newVersion() };
    batch.push({ updateOne: { filter: { _id: userId }, update: { $set: fields }, upsert: true } });
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

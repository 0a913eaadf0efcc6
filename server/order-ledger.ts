import 'server-only';
import { randomInt } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { getDb, isDuplicateKey } from './db';
import { HttpError } from './http';
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
// Changes are read-modify-write with a version check, which the database applies atomically, so
// any number of app instances can change one user's ledger at the same moment.

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

type LedgerFields = Pick<OrderLedgerDocument, 'entries' | 'orderAllowance'>;

/** What a change asks for: write these fields and answer `result`, or leave the ledger and answer `result`. */
type Decision<R> = { write: Partial<LedgerFields>; result: R } | { keep: R };

// Each retry follows a change another request made to the same ledger at the same moment (ten
// clicks at once need up to ten); a short random pause keeps the retries from meeting again.
const MAX_ATTEMPTS = 25;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * Math.min(attempt, 10)));

/** A version no earlier write of this ledger used (a counter could meet a rebuilt ledger's again). */
function newVersion(): number {
  return randomInt(2 ** 47);
}

/** Applies the fields `decide` asks for to the user's ledger; retried when another writer got there first. */
async function changeLedger<R>(userId: ObjectId, decide: (current: LedgerFields) => Decision<R>): Promise<R> {
  await ensureOrderLedgers();
  const collection = await ledgers();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await pause(attempt);
    const current = await collection.findOne({ _id: userId });
    const fields: LedgerFields = { entries: current?.entries ?? [], ...(current?.orderAllowance ? { orderAllowance: current.orderAllowance } : {}) };
    const decision = decide(fields);
    if ('keep' in decision) return decision.keep;
    const next = { ...fields, ...decision.write, version: newVersion() };
    if (current) {
      if ((await collection.updateOne({ _id: userId, version: current.version }, { $set: next })).matchedCount === 1) return decision.result;
      continue;
    }
    try {
      await collection.insertOne({ _id: userId, ...next });
      return decision.result;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new HttpError(503, 'Too many changes to your orders at the same moment. Please try again.');
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

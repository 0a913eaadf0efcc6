import 'server-only';
import { revalidateTag } from 'next/cache';
import { EVERYTHING } from '@/lib/cache-tags';
import { collection, withDb } from './db';
import { provide } from '@/serving/app-link.mjs';
import { forgetMemoised } from './memo-cache';
import { forgetPublicPages } from './public-page-caches';

// Every app instance keeps public pages and reads in its memory (the page cache, Next's rendered
// pages, memoised reads), each entry under the cache tags of what it shows (lib/cache-tags.ts). A
// change to what they show is announced with the tags it touches: numbered by one counter document
// ($inc, so every instance sees one order) and written to a short log. Every instance reads the
// counter once a second and, when it moved, the log entries since the last one it saw, and forgets
// only the entries carrying their tags. So a change made on one instance shows on every other within
// about a second, on MongoDB and FerretDB alike, for one _id read per instance and second (a poll,
// not a change stream: see the workarounds named in server/platform/db.ts).
//
// A number whose log entry is not there yet (its announcer is between the two writes) is waited for
// a few seconds, then taken as a change to everything, as is a gap longer than the log keeps.

const COUNTER_ID = 'publicPages';
const POLL_INTERVAL_MS = 1000;
/** Log entries kept behind the newest: an instance further behind than this forgets everything. */
const KEPT_CHANGES = 1000;
/** How long a missing log entry is waited for before its change is taken as one to everything. */
const MISSING_ENTRY_WAIT_MS = 5000;

export type PublicChange = {
  /** What the change touches (lib/cache-tags.ts); EVERYTHING for all of it. */
  tags: readonly string[];
  /** Items were added, edited or removed (not only sold or reviewed): what is built from them is built again. */
  catalogue?: boolean;
  /**
   * For how long the pages showing it may still be given out while one visitor's request renders
   * them again (0: not at all). Only for changes to nothing that is charged (a rating, a count).
   */
  staleForMs?: number;
};

type WatchState = {
  /** The newest change this process has applied all changes up to. */
  seenUpTo?: number;
  /** Changes after seenUpTo already applied (its own, or read past a missing one). */
  applied: Set<number>;
  missingSince?: { number: number; at: number };
  /**
   * When the last read that found every change up to the counter applied began (ms): each change
   * announced before it is forgotten here. The page cache lets nginx keep a page only while that is
   * recent enough (serving/page-cache.mjs).
   */
  seenAllAt?: number;
  timer?: NodeJS.Timeout;
  polling?: boolean;
  catalogueGeneration?: number;
};
// On globalThis: every route bundle of this process shares what it last saw.
const state: WatchState = ((globalThis as { __kzPublicChanges?: WatchState }).__kzPublicChanges ??= { applied: new Set() });

/**
 * How many changes to the catalogue's items (added, edited, removed) this process has learned of:
 * what is built from them in memory (server/catalogue/course-search-index.ts) is built again when the number
 * has moved since. Sales and reviews change counts on the pages, not the items: they leave it.
 */
export function catalogueChangeGeneration(): number {
  return state.catalogueGeneration ?? 0;
}

/** Forgets this process's copies of what the change touches. */
function apply(change: PublicChange): void {
  if (change.catalogue || change.tags.includes(EVERYTHING)) state.catalogueGeneration = catalogueChangeGeneration() + 1;
  forgetMemoised(change.tags);
  forgetPublicPages(change.tags, change.staleForMs ?? 0);
}

/**
 * Records a change to what public pages show (after it is stored) and forgets this instance's
 * copies of it at once; the other instances forget theirs at their next read of the log.
 */
export async function announcePublicChange(tags: readonly string[] = [EVERYTHING], { catalogue = false, staleForMs = 0 }: Omit<PublicChange, 'tags'> = {}): Promise<void> {
  const unique = [...new Set(tags)];
  const at = new Date();
  const number = await withDb(async () => {
    const counter = await (await collection('changes')).findOneAndUpdate({ _id: COUNTER_ID }, { $inc: { seq: 1 }, $set: { changedAt: at } }, { upsert: true, returnDocument: 'after' });
    const seq = counter?.seq ?? 0;
    const log = await collection('publicChanges');
    await log.insertOne({ _id: seq, tags: unique, catalogue, staleForMs, at });
    if (seq % 100 === 0) await log.deleteMany({ _id: { $lte: seq - KEPT_CHANGES } });
    return seq;
  });
  if (state.seenUpTo !== undefined && number > state.seenUpTo) state.applied.add(number);
  apply({ tags: unique, catalogue, staleForMs });
  refreshCallersPage(unique);
}

/**
 * Tells Next of the change too: in a server action its answer then carries the caller's page
 * rendered again, and the browser's router forgets its copies. Next refuses outside a server action
 * or route handler (background work, scripts, a render): there is no caller's page there.
 */
function refreshCallersPage(tags: readonly string[]): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // Not in a server action or route handler.
  }
}

function forgetEverything(upTo: number): void {
  state.seenUpTo = upTo;
  state.applied.clear();
  state.missingSince = undefined;
  apply({ tags: [EVERYTHING] });
}

/** One read of the counter (and of the log when it moved): forgets what the changes since the last read touch. */
export async function checkForPublicChanges(now = Date.now()): Promise<void> {
  const newest = await catchUp(now);
  if (state.seenUpTo === newest) state.seenAllAt = now;
}

/** The time from which every change announced is forgotten in this process (ms), or undefined before the first read. */
export function publicChangesSeenAt(): number | undefined {
  return state.seenAllAt;
}

/** Applies the changes since the last read; returns the counter as read. */
async function catchUp(now: number): Promise<number> {
  const counter = await withDb(async () => (await collection('changes')).findOne({ _id: COUNTER_ID }, { projection: { seq: 1 } }));
  const newest = counter?.seq ?? 0;
  const seenUpTo = state.seenUpTo;
  // First read, or the database was emptied or replaced (the counter went back): whatever is held may be from before.
  if (seenUpTo === undefined || newest < seenUpTo || newest - seenUpTo > KEPT_CHANGES) {
    forgetEverything(newest);
    return newest;
  }
  if (newest === seenUpTo) return newest;
  const entries = await withDb(async () => (await collection('publicChanges')).find({ _id: { $gt: seenUpTo, $lte: newest } }).sort({ _id: 1 }).toArray());
  const byNumber = new Map(entries.map((entry) => [entry._id, entry]));
  let upTo = seenUpTo;
  for (let number = seenUpTo + 1; number <= newest; number += 1) {
    const entry = byNumber.get(number);
    if (!entry && upTo === number - 1) {
      const since = state.missingSince?.number === number ? state.missingSince.at : now;
      state.missingSince = { number, at: since };
      if (now - since < MISSING_ENTRY_WAIT_MS) continue;
      // Its announcer died between the two writes, or the entry was removed: it could have been anything.
      forgetEverything(newest);
      return newest;
    }
    if (entry && !state.applied.has(number)) {
      apply({ tags: entry.tags, catalogue: entry.catalogue, staleForMs: entry.staleForMs });
      state.applied.add(number);
    }
    if (upTo === number - 1 && entry) upTo = number;
  }
  state.seenUpTo = upTo;
  for (const number of state.applied) if (number <= upTo) state.applied.delete(number);
  if (state.missingSince && state.missingSince.number <= upTo) state.missingSince = undefined;
  return newest;
}

/** Starts reading the counter every second (once per process; instrumentation.ts). */
export function watchPublicChanges(): void {
  if (state.timer) return;
  provide('publicChangesSeenAt', publicChangesSeenAt);
  state.timer = setInterval(() => {
    if (state.polling) return;
    state.polling = true;
    // A database that is down: the copies stay (they are what can still be served); the next read tries again.
    checkForPublicChanges()
      .catch(() => undefined)
      .finally(() => (state.polling = false));
  }, POLL_INTERVAL_MS);
  state.timer.unref();
}

import 'server-only';
import { randomUUID } from 'node:crypto';
import { collection, withDb } from './db';
import { clearMemoCaches } from './memo-cache';
import { forgetPublicPages } from './public-page-caches';

// Every app instance keeps public pages and catalogue reads in its memory (a page cache, Next's
// rendered pages, search results). A change to what they show (the catalogue, the home reviews) is
// announced in one database document; every instance reads it once a second and, when it has
// changed, forgets all of them. So a change made on one instance shows on every other within about
// a second, on MongoDB and FerretDB alike (FerretDB has no change streams), for one _id read per
// instance and second. Forgetting everything is coarse, but changes are rare and renders are cheap.

const CHANGES_ID = 'publicPages';
const POLL_INTERVAL_MS = 1000;

type WatchState = { lastSeen?: string; lastCatalogueSeen?: string; timer?: NodeJS.Timeout; polling?: boolean; catalogueGeneration?: number };
// On globalThis: every route bundle of this process shares what it last saw.
const state: WatchState = ((globalThis as { __kzPublicChanges?: WatchState }).__kzPublicChanges ??= {});

function forgetEverything(): void {
  clearMemoCaches();
  forgetPublicPages();
}

/**
 * How many changes to the catalogue's items (added, edited, removed) this process has learned of:
 * what is built from them in memory (server/course-search-index.ts) is built again when the number
 * has moved since. Sales and reviews change counts on the pages, not the items: they leave it.
 */
export function catalogueChangeGeneration(): number {
  return state.catalogueGeneration ?? 0;
}

function learnCatalogueChange(catalogueChangeId: string | undefined): void {
  if (catalogueChangeId === state.lastCatalogueSeen) return;
  state.lastCatalogueSeen = catalogueChangeId;
  state.catalogueGeneration = catalogueChangeGeneration() + 1;
}

/**
 * Records a change to what public pages show (after it is stored) and forgets this instance's
 * copies at once; the other instances forget theirs at their next read of the announcement.
 * `catalogue`: items were added, edited or removed (not only sold or reviewed).
 */
export async function announcePublicChange({ catalogue = false }: { catalogue?: boolean } = {}): Promise<void> {
  const changeId = randomUUID();
  const catalogueChange = catalogue ? { catalogueChangeId: changeId } : {};
  await withDb(async () => (await collection('changes')).updateOne({ _id: CHANGES_ID }, { $set: { changeId, ...catalogueChange, changedAt: new Date() } }, { upsert: true }));
  state.lastSeen = changeId;
  if (catalogue) learnCatalogueChange(changeId);
  forgetEverything();
}

/** One read of the announcement: forgets this instance's copies when it differs from the last one seen. */
export async function checkForPublicChanges(): Promise<void> {
  const announced = await withDb(async () => (await collection('changes')).findOne({ _id: CHANGES_ID }));
  if (!announced || announced.changeId === state.lastSeen) return;
  state.lastSeen = announced.changeId;
  learnCatalogueChange(announced.catalogueChangeId);
  forgetEverything();
}

/** Starts reading the announcement every second (once per process; instrumentation.ts). */
export function watchPublicChanges(): void {
  if (state.timer) return;
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

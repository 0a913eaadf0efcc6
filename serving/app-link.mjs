// The one link between the production server (serving/*.mjs) and the app (Next's bundled server
// code). They run in the same process but in separate module graphs: Next bundles its own copy of
// this file, so the parts live in one process-wide object under a single global symbol, and both
// copies read and write that object. The parts, and their types, are in app-link.d.mts:
//
//   pageCache                    the shared page cache in front of Next (serving/page-cache.mjs),
//                                installed by serving/server.mjs; the app forgets from it after
//                                changes (server/platform/public-page-caches.ts)
//   renderedPages                Next's cache of rendered pages (serving/isr-cache.mjs, our
//                                `cacheHandler`); the app forgets from it too
//   madeUpAddresses              the app's check of made-up catalogue addresses
//                                (server/catalogue/made-up-addresses.ts), asked by the page cache
//   publicReads                  the app's table of public API reads (app/api/public-reads.ts),
//                                answered by serving/public-reads.mjs without Next's router
//   databaseRecentlyUnavailable  the app's view of the database (server/platform/db.ts), asked by
//                                serving/outage-status.mjs to answer 503 instead of 500
//   publicChangesSeenAt          since when every announced change is forgotten in this process
//                                (server/platform/public-changes.ts), asked by the page cache before it
//                                lets nginx keep a page
//
// Without the production server (next dev, jest) the server's parts are simply missing.

const LINK = Symbol.for('knowledge-zone.app-link');
const PARTS = new Set(['pageCache', 'renderedPages', 'madeUpAddresses', 'publicReads', 'databaseRecentlyUnavailable', 'publicChangesSeenAt']);

function partsOf() {
  globalThis[LINK] ??= {};
  return globalThis[LINK];
}

/** A misspelt part would be a silent miss on the other side (the .mjs files are not type-checked). */
function known(part) {
  if (!PARTS.has(part)) throw new Error(`app-link: no part named ${String(part)}`);
  return part;
}

/** The part, or undefined while nobody has provided it. */
export function linked(part) {
  return globalThis[LINK]?.[known(part)];
}

/** Provides the part unless it is there already (the first copy wins); returns the part as linked. */
export function provide(part, value) {
  const parts = partsOf();
  parts[known(part)] ??= value;
  return parts[part];
}

/** Provides the part in place of what was there (the last copy wins); undefined withdraws it. */
export function replace(part, value) {
  const parts = partsOf();
  if (value === undefined) delete parts[known(part)];
  else parts[known(part)] = value;
}

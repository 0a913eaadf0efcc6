// The headers of Next's own client protocol (the App Router's navigations and prefetches, server
// actions) are whatever the sender wrote. Next trusts their shape: a router state tree it cannot
// parse throws in the middle of a render, and every page rendered per request answered 500. The
// production server refuses a malformed one with 400 before Next sees it (front-door.mjs). Each
// rule accepts what Next's own client sends; the router state tree is checked against the schema
// Next validates it with (next/dist/server/app-render/types.js, 16.4), and
// next-protocol-headers.test.ts compares the two on generated trees so an upgrade that changes it
// is noticed.

/** Next refuses larger trees itself; so do we, before parsing. */
const MAX_STATE_TREE_LENGTH = 20 * 2000;
const DYNAMIC_PARAM_TYPES = new Set(['c', 'ci(..)(..)', 'ci(.)', 'ci(..)', 'ci(...)', 'oc', 'd', 'di(..)(..)', 'di(.)', 'di(..)', 'di(...)']);
const REFRESH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only']);
/** Nesting Next's client ever sends stays far below this; it bounds the walk. */
const MAX_DEPTH = 200;

const isString = (value) => typeof value === 'string';
const isNullish = (value) => value === null || value === undefined;

function isSegment(segment) {
  if (isString(segment)) return true;
  return (
    Array.isArray(segment) &&
    segment.length === 4 &&
    isString(segment[0]) &&
    isString(segment[1]) &&
    DYNAMIC_PARAM_TYPES.has(segment[2]) &&
    (segment[3] === null || (Array.isArray(segment[3]) && segment[3].every(isString)))
  );
}

function isRouterState(state, depth) {
  if (depth > MAX_DEPTH || !Array.isArray(state) || state.length < 2 || state.length > 6) return false;
  const [segment, parallelRoutes, url, refresh, isRootLayout, extra] = state;
  if (!isSegment(segment)) return false;
  if (parallelRoutes === null || typeof parallelRoutes !== 'object' || Array.isArray(parallelRoutes)) return false;
  if (!Object.values(parallelRoutes).every((child) => isRouterState(child, depth + 1))) return false;
  if (state.length > 2 && !isNullish(url) && !(Array.isArray(url) && url.length === 2 && url.every(isString))) return false;
  if (state.length > 3 && !isNullish(refresh) && !REFRESH_MARKERS.has(refresh)) return false;
  if (state.length > 4 && !isNullish(isRootLayout) && typeof isRootLayout !== 'number') return false;
  return state.length < 6 || extra === undefined || isString(extra);
}

/** Whether a Next-Router-State-Tree value is one Next can parse: a URI-encoded JSON router state. */
export function isRouterStateTree(value) {
  if (value.length > MAX_STATE_TREE_LENGTH) return false;
  try {
    return isRouterState(JSON.parse(decodeURIComponent(value)), 0);
  } catch {
    return false;
  }
}

/** header name → whether its value has the shape Next's client sends. */
const RULES = {
  // Next treats only "1" as an RSC request.
  rsc: (value) => value === '1',
  'next-router-state-tree': isRouterStateTree,
  // Full, partial and runtime prefetches (base-server.js's routerPrefetch).
  'next-router-prefetch': (value) => value === '1' || value === '2' || value === '3',
  // A server action's id: hex digits, as the build names them (42 today).
  'next-action': (value) => /^[0-9a-f]{40,64}$/i.test(value),
  // The page the router is on, for interception routes: a path.
  'next-url': (value) => value.length <= 2048 && /^\/[^\s\\]*$/.test(value),
};

/** The name of the first protocol header with a malformed value, or null when they are all well formed or absent. */
export function malformedNextHeader(headers) {
  for (const [name, isWellFormed] of Object.entries(RULES)) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isWellFormed(value)) return name;
  }
  return null;
}

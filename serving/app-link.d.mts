// Types for app-link.mjs (plain JavaScript: the production server runs it without a compiler, and
// Next bundles it for the app). The one definition of what the two sides hand each other.

/** A store of pages by address (path and query): forget the entries whose address `affected` names, or all of them. */
export type ForgettingStore = {
  /** `staleForMs`: how long an old copy may stand in while one request renders the page again (0: not at all). */
  forget(affected: (address: string) => boolean, staleForMs: number): void;
  clear(): void;
};

/**
 * The app's table of public API reads (app/api/public-reads.ts): the answer for `url`, or null when
 * it is no such read (or, for a caller `withCredentials`, one whose answer depends on them).
 */
export type PublicReads = { answer(url: string, headersOf: () => Headers, withCredentials: boolean): Promise<Response> | null };

/** The app's check of made-up catalogue addresses (server/catalogue/made-up-addresses.ts). */
export type MadeUpAddressCheck = {
  /** Whether the path has a catalogue address's shape: only such a path is worth `localeOf`. */
  candidate(path: string): boolean;
  /** The language of the plain 404 when the path is a made-up address, else null. */
  localeOf(path: string): Promise<string | null>;
};

export type AppLink = {
  /** The shared page cache in front of Next (serving/page-cache.mjs), installed by serving/server.mjs. */
  pageCache?: ForgettingStore;
  /** Next's cache of rendered pages (serving/isr-cache.mjs, the `cacheHandler`). */
  renderedPages?: ForgettingStore;
  /** Offered by the app (server/catalogue/made-up-addresses.ts) to the page cache. */
  madeUpAddresses?: MadeUpAddressCheck;
  /** Offered by the app (app/api/public-reads.ts) to serving/public-reads.mjs. */
  publicReads?: PublicReads;
  /** Offered by the app (server/platform/db.ts) to serving/outage-status.mjs. */
  databaseRecentlyUnavailable?: () => boolean;
  /**
   * Offered by the app (server/platform/public-changes.ts) to the page cache: the time (ms) from which every
   * change announced to public pages is forgotten in this process, or undefined before its first read.
   */
  publicChangesSeenAt?: () => number | undefined;
};

export type AppLinkPart = keyof AppLink;

export declare function linked<Part extends AppLinkPart>(part: Part): AppLink[Part];
export declare function provide<Part extends AppLinkPart>(part: Part, value: NonNullable<AppLink[Part]>): NonNullable<AppLink[Part]>;
export declare function replace<Part extends AppLinkPart>(part: Part, value: AppLink[Part] | undefined): void;

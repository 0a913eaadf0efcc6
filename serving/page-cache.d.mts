// Types for page-cache.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MadeUpAddressCheck } from './app-link.mjs';

type RequestLike = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

/** The answer header that tells nginx how long it may keep an answer. */
export declare const SHARED_CACHE_HEADER: 'x-accel-expires';
export declare function cacheKeyOf(req: RequestLike): string | null;
/** The request headers (besides its answer's Vary) a shared cache must vary a stored answer on, or null: not to be kept there. */
export declare function sharedCacheVaryOf(url: string): string[] | null;
export declare function sharedMaxAgeSeconds(cacheControl: unknown): number;
export declare function storableFor(
  statusCode: number,
  headers: Record<string, unknown>,
  bodyBytes: number,
  limits: { maxTtlMs: number; maxEntryBytes: number },
): number;
export declare function createPageCache(options?: {
  maxBytes?: number;
  maxEntryBytes?: number;
  maxTtlMs?: number;
  now?: () => number;
  /** Where the app's check is found (default: `madeUpAddresses` in app-link.mjs). */
  madeUpAddresses?: () => MadeUpAddressCheck | undefined;
  /** How long a shared cache in front (nginx) may keep what this cache stores, in whole seconds (X-Accel-Expires); 0: nothing. */
  sharedCacheSeconds?: number;
  /** Since when every announced change is forgotten here, ms (default: `publicChangesSeenAt` in app-link.mjs); undefined: nothing is marked. */
  changesSeenAt?: () => number | undefined;
}): {
  serveOrCapture(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  clear(): void;
  /** Forgets the entries whose address (path and query) `affected` names; `staleForMs`: how long the old copy may stand in while one request renders it again. */
  forget(affected: (address: string) => boolean, staleForMs?: number): void;
  stats(): { hits: number; stale: number; stored: number; cleared: number; forgotten: number; entries: number; bytes: number };
};

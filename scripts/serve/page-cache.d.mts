// Types for page-cache.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';

type RequestLike = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

export declare const PAGE_CACHE_SYMBOL: unique symbol;
/** The app's check of made-up addresses (server/made-up-addresses.ts `MadeUpAddresses`). */
export type MadeUpAddressCheck = { candidate(path: string): boolean; localeOf(path: string): Promise<string | null> };
export declare function cacheKeyOf(req: RequestLike): string | null;
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
  madeUpAddresses?: () => MadeUpAddressCheck | undefined;
}): {
  serveOrCapture(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  clear(): void;
  /** Forgets the entries whose address (path and query) `affected` names; `staleForMs`: how long the old copy may stand in while one request renders it again. */
  forget(affected: (address: string) => boolean, staleForMs?: number): void;
  stats(): { hits: number; stale: number; stored: number; cleared: number; forgotten: number; entries: number; bytes: number };
};

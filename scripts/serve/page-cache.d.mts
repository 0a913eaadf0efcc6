// Types for page-cache.mjs (plain JavaScript: the production server runs it without a compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';

type RequestLike = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

export declare const PAGE_CACHE_SYMBOL: unique symbol;
export declare function cacheKeyOf(req: RequestLike): string | null;
export declare function sharedMaxAgeSeconds(cacheControl: unknown): number;
export declare function storableFor(
  statusCode: number,
  headers: Record<string, unknown>,
  bodyBytes: number,
  limits: { maxTtlMs: number; maxEntryBytes: number },
): number;
export declare function createPageCache(options?: { maxBytes?: number; maxEntryBytes?: number; maxTtlMs?: number; now?: () => number }): {
  serveOrCapture(req: IncomingMessage, res: ServerResponse): boolean;
  clear(): void;
  stats(): { hits: number; stale: number; stored: number; cleared: number; entries: number; bytes: number };
};

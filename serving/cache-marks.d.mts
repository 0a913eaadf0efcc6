// Types for cache-marks.mjs (plain JavaScript: the production server runs it without a compiler, and
// Next bundles it for the proxy and the API).

export declare const ACCESS_HEADER: 'x-kz-access';
export declare const SHARED_MAX_AGE_HEADER: 'x-kz-shared-max-age';
export declare const CACHE_ADDRESS_HEADER: 'x-kz-cache-address';
export declare const PLAIN_PAGE_HEADER: 'x-kz-plain-page';
export declare const PAGE_CACHE_HEADER: 'x-kz-page-cache';

/** Web Headers, or anything else that sets a header by name. */
type HeaderSetter = { set(name: string, value: string): void };
/** The lower-cased headers of an answer, as the page cache records them. */
type RecordedHeaders = Record<string, unknown>;

export declare function markPublic(headers: HeaderSetter, options?: { sharedMaxAgeSeconds?: number }): void;
export declare function markCacheAddress(headers: HeaderSetter, path: string): void;
export declare function markPlainPage(headers: HeaderSetter, page: string): void;
export declare function isMarkedPublic(headers: RecordedHeaders): boolean;
export declare function markedSharedMaxAgeSeconds(headers: RecordedHeaders): number;
export declare function markedCacheAddress(headers: RecordedHeaders): unknown;
export declare function markedPlainPage(headers: RecordedHeaders): unknown;

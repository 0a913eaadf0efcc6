// Types for isr-cache.mjs (plain JavaScript: Next loads it as its cache handler without a compiler).
type CachedValue = { kind: string; status?: number; html?: string; rscData?: Uint8Array; headers?: Record<string, unknown>; [field: string]: unknown };
type Context = { tags?: string[]; softTags?: string[]; cacheControl?: unknown };

/** The address (path, with its locale segment) a cache key of Next's stands for. */
export declare function addressOfKey(key: string): string;
export declare function sizeOf(value: CachedValue | null): number;
export declare function isNotFound(value: CachedValue | null): boolean;
export default class IsrCache {
  get(key: string, ctx?: Context): Promise<{ value: CachedValue; lastModified: number } | null>;
  set(key: string, value: CachedValue | null, ctx?: Context): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

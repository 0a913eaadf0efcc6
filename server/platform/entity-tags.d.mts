// Types for entity-tags.mjs (plain JavaScript: the production server's page cache runs it without a compiler).
export declare function notModified(ifNoneMatch: string | string[] | null | undefined, cacheControl: string | string[] | null | undefined, etag: string | undefined): boolean;

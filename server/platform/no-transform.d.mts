// Types for no-transform.mjs (plain JavaScript: the production server runs it without a compiler).
export declare function saysNoTransform(cacheControl: string | null | undefined): boolean;
export declare function withNoTransform(cacheControl: string | null | undefined): string;

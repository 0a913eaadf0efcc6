// Types for site-url.mjs (plain JavaScript: the production server runs it without a compiler).
export declare function productionSiteUrl(env: Record<string, string | undefined>): { siteUrl: string } | { error: string };

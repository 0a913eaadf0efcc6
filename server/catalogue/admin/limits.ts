import 'server-only';

/** A long blog post in a multi-byte script needs more than readJson's default 64 KB. */
export const BLOG_BODY_MAX_BYTES = 256 * 1024;

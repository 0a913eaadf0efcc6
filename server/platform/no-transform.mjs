// The Cache-Control directive `no-transform`: the body goes out as it is, uncompressed. The app
// marks its small answers so (server/platform/small-answers.ts) and both compressors honour it: Next's, and
// the production server's own for the public reads it answers past Next (serving/public-reads.mjs).
// Plain JavaScript, so that server runs it without a compiler.

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether a Cache-Control value says no-transform. */
export function saysNoTransform(cacheControl) {
  return NO_TRANSFORM.test(String(cacheControl ?? ''));
}

/** The Cache-Control value with no-transform added (once). */
export function withNoTransform(cacheControl) {
  if (!cacheControl) return 'no-transform';
  return saysNoTransform(cacheControl) ? cacheControl : `${cacheControl}, no-transform`;
}

// The Auth.js session cookie's names, and whether a request carries credentials. Plain JavaScript:
// the app (server/accounts/session-token.ts, server/accounts/private-answers.ts) and the page cache in front of Next
// (serving/page-cache.mjs, which never serves a stored API answer to such a caller) share
// one rule.

export const SESSION_COOKIES = /** @type {const} */ (['__Secure-authjs.session-token', 'authjs.session-token']);

/**
 * Whether a cookie belongs to the session (whole or one of its chunks: `authjs.session-token.0`).
 * @param {string} cookieName
 */
export function isSessionCookie(cookieName) {
  return SESSION_COOKIES.some((name) => cookieName === name || cookieName.startsWith(`${name}.`));
}

/**
 * A bearer token, or an Auth.js session cookie.
 * @param {string | null | undefined} authorization the Authorization header
 * @param {string | null | undefined} cookieHeader the Cookie header
 */
export function carriesCredentials(authorization, cookieHeader) {
  if (authorization !== null && authorization !== undefined) return true;
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => isSessionCookie(pair.split('=', 1)[0]?.trim() ?? ''));
}

import 'server-only';
import { carriesCredentials as headersCarryCredentials } from './session-cookies.mjs';

// An API answer to a request that carries a session cookie or a bearer token may hold personal
// data (profiles with phone and location, the user list, orders, notices), so it is
// `private, no-store`: no shared cache in front of the site may keep it for the next caller, and no
// browser keeps it on disk. Set for every route handler in one place (route() in server/platform/http.ts),
// so a new route cannot forget it; anonymous answers keep whatever their handler chose, and so does
// an answer its handler already made `private`: a file at an address that names what it is and
// who may have it (a lesson video's segment on its token, captions at a versioned address), the
// same for every caller with that address, which only the caller's browser may keep.

export const PRIVATE_NO_STORE = 'private, no-store';

/** A bearer token, or an Auth.js session cookie (also chunked: `authjs.session-token.0`). */
export function carriesCredentials(request: Request): boolean {
  return headersCarryCredentials(request.headers.get('authorization'), request.headers.get('cookie'));
}

const MADE_PRIVATE = /^\s*private\s*(?:,|$)/i;

export function keepPrivate(request: Request, response: Response): Response {
  if (carriesCredentials(request) && !MADE_PRIVATE.test(response.headers.get('Cache-Control') ?? '')) response.headers.set('Cache-Control', PRIVATE_NO_STORE);
  return response;
}

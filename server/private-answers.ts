import 'server-only';
import { isSessionCookie } from './session-token';

// An API answer to a request that carries a session cookie or a bearer token may hold personal
// data (profiles with phone and location, the user list, orders, notices), so it is
// `private, no-store`: no shared cache in front of the site may keep it for the next caller, and no
// browser keeps it on disk. Set for every route handler in one place (route() in server/http.ts),
// so a new route cannot forget it; anonymous answers keep whatever their handler chose.

export const PRIVATE_NO_STORE = 'private, no-store';

/** A bearer token, or an Auth.js session cookie (also chunked: `authjs.session-token.0`). */
export function carriesCredentials(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookies = request.headers.get('cookie');
  if (!cookies) return false;
  return cookies.split(';').some((pair) => isSessionCookie(pair.split('=', 1)[0]?.trim() ?? ''));
}

export function keepPrivate(request: Request, response: Response): Response {
  if (carriesCredentials(request)) response.headers.set('Cache-Control', PRIVATE_NO_STORE);
  return response;
}

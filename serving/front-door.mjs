// What the production server (serving/server.mjs) settles about a request before Next sees it:
// which client sent it, whether it came over https, and whether it is malformed in a way Next
// would answer with a 500.
//
// Forwarded headers are whatever the sender wrote. They are believed only as far as the operator
// declared proxies in front of this server (TRUSTED_PROXY_HOPS, default 0). With none, the client
// is the socket's peer, and every x-forwarded-* header a client sent is dropped before Next (which
// fills in its own from the socket) and the app's per-client limits (server/accounts/login-attempts.ts
// `clientIp`) read them. With N hops, the Nth address from the right of "x-forwarded-for, socket
// peer" is the client: each trusted proxy appended the address it was connected from.

import { malformedNextHeader } from './next-protocol-headers.mjs';

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/** TRUSTED_PROXY_HOPS as a whole number from 0 to 10; anything else is a configuration error. */
export function trustedProxyHops(raw) {
  if (raw === undefined || raw.trim() === '') return 0;
  if (!/^(?:[0-9]|10)$/.test(raw.trim())) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, not "${raw}"`);
  return Number(raw.trim());
}

function forwardedChain(headers) {
  const value = headers['x-forwarded-for'];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The client's address: the socket's peer, or the address the trusted proxies saw. */
export function clientAddressOf(headers, socketAddress, hops) {
  const chain = [...(hops > 0 ? forwardedChain(headers) : []), socketAddress || 'unknown'];
  return chain[Math.max(0, chain.length - 1 - hops)];
}

/**
 * Rewrites the request's forwarded headers to what is known: `x-forwarded-for` becomes the one
 * client address; the others stay only when a trusted proxy set them. Returns whether the request
 * reached the site over https (for HSTS).
 */
export function settleForwardedHeaders(req, hops) {
  const client = clientAddressOf(req.headers, req.socket.remoteAddress, hops);
  const forwardedProto = hops > 0 ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() : '';
  // Deleting only what is there keeps the headers object in its fast shape for the usual request.
  if (hops === 0) for (const name of FORWARDED_HEADERS) if (req.headers[name] !== undefined) delete req.headers[name];
  req.headers['x-forwarded-for'] = client;
  return Boolean(req.socket.encrypted) || forwardedProto === 'https';
}

function hostOf(address) {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

/**
 * A refusal for requests Next would answer with a 500: a path with a broken percent-escape or a
 * malformed header of Next's client protocol (400), and a server action posted from another site
 * (403; Next throws on it). Null otherwise.
 */
export function malformedRequestRefusal(req) {
  const path = (req.url ?? '/').split('?')[0];
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, message: 'Bad request: the address has a malformed percent-escape.' };
  }
  const header = malformedNextHeader(req.headers);
  if (header) return { status: 400, message: `Bad request: malformed ${header} header.` };
  const origin = req.headers.origin;
  if (req.headers['next-action'] !== undefined && origin !== undefined) {
    // An opaque origin ("null") has no host and is refused too.
    if (hostOf(origin) !== (req.headers['x-forwarded-host'] ?? req.headers.host)) return { status: 403, message: 'Cross-site request refused.' };
  }
  return null;
}

/**
 * Whether the request says it has a body. Next's proxy never runs for such a request (proxy.ts
 * `config.matcher`), so the answers the server gives past Next (the page cache's made-up addresses,
 * the public reads) are only for requests without one.
 */
export function announcesBody(req) {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

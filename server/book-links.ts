import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { env } from './env';

// Short-lived signed links to a bought book's file (My Collection). The signature covers the
// user, the book and the expiry, so a link works only for its buyer, only for that book, and
// only for ten minutes; the file route still checks the purchase on every request.

export const BOOK_LINK_LIFETIME_SECONDS = 10 * 60;

export type BookTokenCheck = 'valid' | 'expired' | 'invalid';

function signingKey(): Buffer {
  // A key of its own, derived from the server secret, so these MACs never collide with other tokens.
  return createHash('sha256').update(`book-file-link:${env().AUTH_SECRET}`).digest();
}

function macFor(userId: string, bookId: string, expiresAt: number): string {
  return createHmac('sha256', signingKey()).update(`${userId}\u0000${bookId}\u0000${expiresAt}`).digest('base64url');
}

/** `<expiry in unix seconds>.<mac>` */
export function signBookFileToken(userId: string, bookId: string, nowMs: number = Date.now()): string {
  const expiresAt = Math.floor(nowMs / 1000) + BOOK_LINK_LIFETIME_SECONDS;
  return `${expiresAt}.${macFor(userId, bookId, expiresAt)}`;
}

export function bookFileUrl(userId: string, bookId: string, nowMs: number = Date.now()): string {
  return `/api/books/${bookId}/file?token=${encodeURIComponent(signBookFileToken(userId, bookId, nowMs))}`;
}

export function checkBookFileToken(token: string, userId: string, bookId: string, nowMs: number = Date.now()): BookTokenCheck {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(macFor(userId, bookId, expiresAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiresAt * 1000 > nowMs ? 'valid' : 'expired';
}

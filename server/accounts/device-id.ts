import 'server-only';
import { randomBytes } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';

// A random id the browser keeps (a cookie), so the SMS code limits can count per device as well as
// per number and per address. It identifies nothing else and is never trusted alone: a client
// that drops it is still held by the other limits.

const COOKIE = 'kz_device';
const WELL_FORMED = /^[A-Za-z0-9_-]{22}$/;

/** The device's id, and whether it is new (to be set on the answer). */
export function deviceIdOf(request: NextRequest): { id: string; isNew: boolean } {
  const kept = request.cookies.get(COOKIE)?.value;
  if (kept && WELL_FORMED.test(kept)) return { id: kept, isNew: false };
  return { id: randomBytes(16).toString('base64url'), isNew: true };
}

export function rememberDevice(response: NextResponse, device: { id: string; isNew: boolean }): NextResponse {
  if (device.isNew) response.cookies.set(COOKIE, device.id, { httpOnly: true, sameSite: 'lax', secure: process.env.NODE_ENV === 'production', path: '/api/account', maxAge: 365 * 24 * 60 * 60 });
  return response;
}

import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { TICKET_EXPIRED, phoneCodeLoginSchema, phoneNamingSchema } from '@/lib/schemas/phone-code';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { UserDocument } from '../platform/documents';
import { env } from '../platform/env';
import { HttpError } from '../platform/http';
import { claimOnce } from './account-tokens';
import { checkPhoneCode } from './phone-codes';
import { toUser } from './users';
import type { User } from './users';

// Signing in with a mobile number. The code sent by SMS proves the number (server/accounts/phone-codes.ts);
// what it proves is then carried, to Auth.js's sign-in and to the step that names a new account,
// by a ticket: signed with a key derived from the server secret, valid minutes, used once (on any
// instance: its id is claimed in the database). A number with an account signs into it; a number
// without one is asked for a name once, and the account is made with it.

const TICKET_MINUTES = 10;
const ISSUER = 'knowledge-zone';
const AUDIENCE = 'phone-sign-in';

function ticketKey(): Uint8Array {
  return createHmac('sha256', env().AUTH_SECRET).update('phone-sign-in-tickets').digest();
}

/** A ticket for the number `phone`, just proved by its code. */
export async function phoneTicket(phone: string): Promise<string> {
  return new SignJWT({ phone })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_MINUTES}m`)
    .sign(ticketKey());
}

/** The number a ticket proves, once: a second use, an expired or a forged ticket is 400. */
async function redeemTicket(ticket: string): Promise<string> {
  let payload: { phone?: unknown; jti?: string };
  try {
    ({ payload } = await jwtVerify(ticket, ticketKey(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new HttpError(400, TICKET_EXPIRED);
    throw error;
  }
  if (typeof payload.phone !== 'string' || !payload.jti || !(await claimOnce(`phone-ticket:${payload.jti}`))) throw new HttpError(400, TICKET_EXPIRED);
  return payload.phone;
}

export async function findUserByMobileNumber(phone: string): Promise<User | null> {
  const doc = await withDb(async () => (await collection('users')).findOne({ mobileNumber: phone }));
  return doc ? toUser(doc) : null;
}

/** The account that holds `phone`, made with `name` when there is none (one account per number, whoever asks at once). */
async function accountOfNumber(phone: string, name: string, locale: Locale): Promise<User> {
  const doc: UserDocument = { _id: new ObjectId(), mobileNumber: phone, name, role: 'user', sessionVersion: 0, createdAt: new Date(), locale };
  try {
    await withDb(async () => (await collection('users')).insertOne(doc));
    return toUser(doc);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // The number got an account meanwhile: the ticket proves it, so that is the account.
    const existing = await findUserByMobileNumber(phone);
    if (!existing) throw error;
    return existing;
  }
}

export type PhoneLoginStep = { status: 'signed-in'; ticket: string } | { status: 'needs-name'; ticket: string };

/**
 * The sign-in form's step with a number: `{phone, code}` checks the code and answers a ticket for
 * Auth.js's sign-in when the number has an account, or one for the naming step when it has none;
 * `{ticket, name}` is the naming step itself and answers a ticket for the sign-in. 400 malformed,
 * wrong or expired code or ticket.
 */
export async function phoneLoginStep(input: unknown): Promise<PhoneLoginStep> {
  // Each step by its own schema, so a refusal names the field (a union's would not).
  if (typeof input === 'object' && input !== null && 'ticket' in input) {
    const { ticket, name, locale } = phoneNamingSchema.parse(input);
    const phone = await redeemTicket(ticket);
    await accountOfNumber(phone, name, locale ?? DEFAULT_LOCALE);
    return { status: 'signed-in', ticket: await phoneTicket(phone) };
  }
  const { phone: typed, code } = phoneCodeLoginSchema.parse(input);
  const phone = await checkPhoneCode('sign-in', { phone: typed, code });
  return { status: (await findUserByMobileNumber(phone)) ? 'signed-in' : 'needs-name', ticket: await phoneTicket(phone) };
}

/** Auth.js's check for the phone sign-in: the account a ticket's number signs into, or null. */
export async function accountForTicket(ticket: unknown): Promise<User | null> {
  if (typeof ticket !== 'string') return null;
  try {
    return await findUserByMobileNumber(await redeemTicket(ticket));
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

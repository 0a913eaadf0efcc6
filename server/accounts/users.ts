import 'server-only';
import { ObjectId } from 'mongodb';
import type { UpdateResult } from 'mongodb';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { Role, UserDocument } from '../platform/documents';
import { absoluteImageAddress } from '../legacy/legacy-images';
import { hashPassword } from './passwords';
import { authorize } from './permissions';
import type { Actor } from './permissions';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';

/** The user as the rest of the app sees it: no password hash, `id` instead of `_id`. */
export type User = {
  id: string;
  /** Null for an account made with a mobile number (it signs in with `mobileNumber`). */
  email: string | null;
  mobileNumber: string | null;
  name: string;
  role: Role;
  image: string | null;
  hasPassword: boolean;
  googleLinked: boolean;
  emailVerified: boolean;
  sessionVersion: number;
  /** This version's signed-out sessions (server/accounts/sessions.ts). */
  endedSessions: readonly string[];
  education: string | null;
  location: string | null;
  phone: string | null;
  /** The language the account reads the site in (server/accounts/account-locale.ts). */
  locale: Locale;
};

/** How to reach the account: its e-mail, or the mobile number an account made with one signs in with. */
export function contactOf(account: Pick<User, 'email'> & Partial<Pick<User, 'mobileNumber'>>): string {
  return account.email ?? account.mobileNumber ?? '';
}

export function toUser(doc: UserDocument): User {
  return {
    id: doc._id.toHexString(),
    email: doc.email ?? null,
    mobileNumber: doc.mobileNumber ?? null,
    name: doc.name,
    role: doc.role,
    image: doc.image ?? null,
    hasPassword: Boolean(doc.passwordHash),
    googleLinked: Boolean(doc.googleSubject),
    emailVerified: Boolean(doc.emailVerifiedAt),
    sessionVersion: doc.sessionVersion,
    endedSessions: doc.endedSessions ?? [],
    education: doc.education ?? null,
    location: doc.location ?? null,
    phone: doc.phone ?? null,
    locale: doc.locale ?? DEFAULT_LOCALE,
  };
}

export async function findUserDocumentByEmail(email: string): Promise<UserDocument | null> {
  return withDb(async () => (await collection('users')).findOne({ email: email.toLowerCase() }));
}

export async function findUserById(id: string): Promise<User | null> {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  const doc = await withDb(async () => (await collection('users')).findOne({ _id: objectId }));
  return doc ? toUser(doc) : null;
}


export type NewPasswordUser = { name: string; email: string; password: string; role?: Role; verified?: boolean; locale?: Locale };

/** Creates an e-mail + password account; `null` when the e-mail already has an account. */
export async function createPasswordUser(input: NewPasswordUser): Promise<User | null> {
  const doc: UserDocument = {
    _id: new ObjectId(),
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role ?? 'user',
    passwordHash: await hashPassword(input.password),
    sessionVersion: 0,
    createdAt: new Date(),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.verified ? { emailVerifiedAt: new Date() } : {}),
  };
  try {
    await withDb(async () => (await collection('users')).insertOne(doc));
    return toUser(doc);
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

export type GoogleProfile = { subject: string; email: string; name: string; image: string | null };

export type GoogleSignInOutcome = { ok: true; user: User } | { ok: false; reason: 'not-linked' };

/**
 * Finds or creates the account for a Google sign-in. An e-mail that already has a password
 * account is never linked silently: whoever controls that Google address must not take over it.
 */
export async function signInWithGoogle(profile: GoogleProfile): Promise<GoogleSignInOutcome> {
  const users = await collection('users');
  const existing = await withDb(() => users.findOne({ email: profile.email.toLowerCase() }));
  if (existing) {
    if (existing.googleSubject === profile.subject) return { ok: true, user: toUser(existing) };
    return { ok: false, reason: 'not-linked' };
  }
  const doc: UserDocument = {
    _id: new ObjectId(),
    email: profile.email.toLowerCase(),
    name: profile.name,
    role: 'user',
    googleSubject: profile.subject,
    emailVerifiedAt: new Date(),
    sessionVersion: 0,
    createdAt: new Date(),
    ...(profile.image ? { image: profile.image } : {}),
  };
  try {
    await withDb(() => users.insertOne(doc));
    return { ok: true, user: toUser(doc) };
  } catch (error) {
    if (isDuplicateKey(error)) return { ok: false, reason: 'not-linked' };
    throw error;
  }
}

export const USERS_PAGE_SIZE = 25;

export type UserPage = { users: User[]; page: number; pageCount: number; total: number };

/** One page of users, oldest first, so serial numbers stay stable while admins work. */
export async function listUsers(actor: Actor, page: number): Promise<UserPage> {
  authorize(actor, 'manageUsers');
  return withDb(async () => {
    const users = await collection('users');
    const total = await users.countDocuments({});
    const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
    const current = Math.min(Math.max(1, page), pageCount);
    return { users: await listUsersSlice(actor, current, USERS_PAGE_SIZE), page: current, pageCount, total };
  });
}

/** Sets a new password and ends every existing session of the account (new session version). */
/**
 * Sets a new password and ends every session of the account. `provedBy`: what the reset was sent
 * to; whoever could read the account's mail has shown they own the address.
 */
export async function setPassword(userId: ObjectId, password: string, provedBy: 'email' | 'phone'): Promise<void> {
  const passwordHash = await hashPassword(password);
  const verified = provedBy === 'email' ? { emailVerifiedAt: new Date() } : {};
  await withDb(async () =>
    (await collection('users')).updateOne({ _id: userId }, { $set: { passwordHash, ...verified, endedSessions: [] }, $inc: { sessionVersion: 1 } }),
  );
}

export async function markEmailVerified(userId: ObjectId): Promise<boolean> {
  const result = await withDb(async () => (await collection('users')).updateOne({ _id: userId }, { $set: { emailVerifiedAt: new Date() } }));
  return result.matchedCount > 0;
}

/** The legacy API's user document: never the password hash; the picture as an absolute address (server/legacy/legacy-images.ts). */
export function toLegacyUser(user: User) {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    image: absoluteImageAddress(user.image),
    education: user.education,
    location: user.location,
    phone: user.phone,
  };
}

export async function findUserByEmail(email: string): Promise<User | null> {
  const doc = await findUserDocumentByEmail(email);
  return doc ? toUser(doc) : null;
}

/** Notes when the account last received an API token (docs/legacy-api.md keeps an update result here). */
export async function recordApiTokenIssued(userId: string) {
  const objectId = parseObjectId(userId);
  if (!objectId) throw new Error('invalid user id');
  return withDb(async () => (await collection('users')).updateOne({ _id: objectId }, { $set: { apiTokenIssuedAt: new Date() } }));
}

/**
 * Makes the account an admin. Its sessions go on: every server check reads the role from this
 * document on each request, and the browser's session answer re-reads it on the next page load.
 */
export async function setRoleAdmin(email: string): Promise<UpdateResult> {
  return withDb(async () => (await collection('users')).updateOne({ email: email.toLowerCase() }, { $set: { role: 'admin' } }));
}

export async function deleteUserById(id: ObjectId) {
  return withDb(async () => (await collection('users')).deleteOne({ _id: id }));
}

/** Users oldest first, `limit` per page, without password hashes. */
export async function listUsersSlice(actor: Actor, page: number, limit: number): Promise<User[]> {
  authorize(actor, 'manageUsers');
  return withDb(async () => {
    const docs = await (await collection('users'))
      .find({}, { projection: { passwordHash: 0 } })
      .sort({ _id: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .toArray();
    return docs.map(toUser);
  });
}

import 'server-only';
import type { ObjectId } from 'mongodb';
import { routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { collection, withDb } from '../platform/db';

// The language an account reads the site in: remembered when a signed-in visitor switches
// language, and used for what the site sends them outside a page (e-mails).

/** Remembers the language an account chose (the account's own choice; any number of times). */
export async function setAccountLocale(userId: ObjectId, locale: Locale): Promise<void> {
  await withDb(async () => (await collection('users')).updateOne({ _id: userId }, { $set: { locale } }));
}

/** The language to write to an account in: its choice, or English. */
export function localeOfAccount(account: { locale?: Locale } | null | undefined): Locale {
  return account?.locale ?? routing.defaultLocale;
}

/** The language of the account with this id (English when unknown). */
export async function localeOfUserId(userId: ObjectId): Promise<Locale> {
  const account = await withDb(async () => (await collection('users')).findOne({ _id: userId }, { projection: { locale: 1 } }));
  return localeOfAccount(account);
}

import 'server-only';
// use-intl's core (the library under next-intl) has no React: mail and PDFs are also made by
// scripts, route handlers and background work, where next-intl's React entry points do not load.
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import bn from '@/messages/bn.json';
import en from '@/messages/en.json';
import type { Messages } from '@/i18n/messages';

/** A translator for one namespace of `locale`'s messages, outside any request's. */
export function textsIn<Namespace extends keyof Messages>(locale: Locale, namespace: Namespace) {
  return createTranslator({ locale, messages: locale === 'bn' ? bn : en, namespace, timeZone: 'UTC' });
}

/**
 * The texts of the e-mails the site sends, in the account's language (server/account-locale.ts).
 * Not the request's translator: mail also goes out from webhooks and background work.
 */
export function mailTexts(locale: Locale) {
  return textsIn(locale, 'emails');
}

import 'server-only';
// use-intl's core (the library under next-intl) has no React: mail is also written by scripts and
// background work, where next-intl's React entry points do not load.
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import bn from '@/messages/bn.json';
import en from '@/messages/en.json';

/**
 * The texts of the e-mails the site sends, in the account's language (server/account-locale.ts).
 * Not the request's translator: mail also goes out from webhooks and background work.
 */
export function mailTexts(locale: Locale) {
  return createTranslator({ locale, messages: locale === 'bn' ? bn : en, namespace: 'emails', timeZone: 'UTC' });
}

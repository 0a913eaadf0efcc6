import 'server-only';
// use-intl's core (the library under next-intl) has no React: e-mails and PDFs are also made by
// scripts, route handlers and background work, where next-intl's React entry points do not load.
import { createTranslator } from 'use-intl/core';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import bn from '@/messages/bn.json';
import en from '@/messages/en.json';

/** Each language's messages, loaded with this module: the callers are synchronous. */
const MESSAGES: Record<Locale, Messages> = { en, bn };

/** A translator for one namespace of `locale`'s messages, outside any request's. */
export function textsIn<Namespace extends keyof Messages>(locale: Locale, namespace: Namespace) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace, timeZone: 'UTC' });
}

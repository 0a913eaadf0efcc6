import 'server-only';
import type { Locale } from '@/i18n/routing';
import { textsIn } from './messages-in';

/**
 * The texts of the e-mails the site sends, in the account's language (server/accounts/account-locale.ts).
 * Not the request's translator: mail also goes out from webhooks and background work.
 */
export function mailTexts(locale: Locale) {
  return textsIn(locale, 'emails');
}

import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BASE_CLIENT_NAMESPACES, pickMessages } from './client-messages';

/**
 * Gives the client components below it the messages of `namespaces` too (besides the base ones
 * every page has), e.g. a form's labels and the `errors` its validation shows. A server component.
 * English pages get an empty `errors`: an English message is shown as written anyway
 * (i18n/error-text.ts), so the list of every message would only weigh the page down.
 */
export async function WithClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const [messages, locale] = await Promise.all([getMessages(), getLocale()]);
  const picked = pickMessages(messages, [...BASE_CLIENT_NAMESPACES, ...namespaces]);
  if (locale === 'en' && 'errors' in picked) picked.errors = {};
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}

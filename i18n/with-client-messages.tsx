import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BASE_CLIENT_NAMESPACES, pickMessages } from './client-messages';

/**
 * Gives the client components below it the messages of `namespaces` too (besides the base ones
 * every page has), e.g. a form's labels and the `errors` its validation shows (coded messages,
 * lib/coded-message.ts, whose words in every language, English too, are in the messages). A
 * server component.
 */
export async function WithClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, [...BASE_CLIENT_NAMESPACES, ...namespaces])}>{children}</NextIntlClientProvider>;
}

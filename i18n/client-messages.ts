import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces every page's client components read (the header, the footer, the error page).
 * Only these travel to the browser in every page's payload; a page whose client components need
 * more wraps them in <WithClientMessages> (i18n/with-client-messages.tsx) with their namespaces.
 */
export const BASE_CLIENT_NAMESPACES = ['nav', 'language', 'errorPage', 'ui', 'notifications', 'verifyEmail'] as const;

export function pickMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const name of namespaces) {
    const namespace = messages[name];
    if (namespace !== undefined) picked[name] = namespace;
  }
  return picked;
}

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return pickMessages(messages, BASE_CLIENT_NAMESPACES);
}

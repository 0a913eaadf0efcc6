import { getRequestConfig } from 'next-intl/server';
import { locale as rootLocale } from 'next/root-params';
import { loadMessages } from './messages';
import { isLocale, routing } from './routing';

/**
 * The language of what renders now: an explicit one (`getTranslations({ locale })`, e-mails), else
 * the page's `[locale]` root segment, read through next/root-params so ISR pages stay static without
 * passing the locale down. Outside app/[locale] (the API) it is English.
 */
async function localeOfRequest(): Promise<string | undefined> {
  try {
    return await rootLocale();
  } catch {
    return undefined;
  }
}

export default getRequestConfig(async ({ locale: explicit }) => {
  const requested = explicit ?? (await localeOfRequest());
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    // The site shows dates as the day they are in UTC (lib/format.ts), in both languages.
    timeZone: 'UTC',
  };
});

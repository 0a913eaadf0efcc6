import 'server-only';
import { getTranslations } from 'next-intl/server';
import { errorText } from './error-text';
import type { ErrorTranslator } from './error-text';

/** For server components and actions: shows an English validation or domain message in the page's language. */
export async function getErrorText(): Promise<(english: string) => string> {
  // Its keys are computed from the English text, so they are not known to the type checker.
  const t = (await getTranslations('errors')) as unknown as ErrorTranslator;
  return (english: string) => errorText(t, english);
}

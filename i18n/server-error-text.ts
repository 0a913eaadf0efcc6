import 'server-only';
import { getTranslations } from 'next-intl/server';
import { errorText } from './error-text';
import type { ErrorTranslator } from './error-text';

/** For server components and actions: shows a coded message in the page's language. */
export async function getErrorText(): Promise<(message: string) => string> {
  // Codes arrive at run time, so the type checker cannot know them.
  const t = (await getTranslations('errors')) as unknown as ErrorTranslator;
  return (message: string) => errorText(t, message);
}

import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { routing } from '@/i18n/routing';

/** The codes as a sentence lists them: `en or bn`, `en, bn or hi`. */
function spokenList(codes: readonly string[]): string {
  return codes.length > 1 ? `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}` : codes.join('');
}

/** The site's languages (i18n/routing.ts), as a body field. */
export const localeField = z.enum(routing.locales, { error: coded('languageMustBe', { languages: spokenList(routing.locales) }) });

/** PUT /api/account/locale: the language the signed-in account chose. */
export const accountLocaleSchema = z.strictObject({ locale: localeField });

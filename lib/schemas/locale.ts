import { z } from 'zod';

/** The site's languages (i18n/routing.ts), as a body field. */
export const localeField = z.enum(['en', 'bn'], { error: 'Language must be en or bn' });

/** PUT /api/account/locale: the language the signed-in account chose. */
export const accountLocaleSchema = z.strictObject({ locale: localeField });

import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { routing } from '@/i18n/routing';
import { localeField } from './locale';

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, coded('unknownId'));

/** More than any learner saves; a list past it is not a device's. */
export const MAX_HELD_ITEMS = 200;

/** GET /api/offline/…?locale=: the language the device keeps the texts in (the default one when left out). */
export const savedLocaleQuery = z.strictObject({ locale: localeField.default(routing.defaultLocale) });

/** POST /api/offline/check: the courses and books a device holds, to learn which are still the learner's. */
export const heldItemsSchema = z.strictObject({
  courses: z.array(objectId).max(MAX_HELD_ITEMS).default([]),
  books: z.array(objectId).max(MAX_HELD_ITEMS).default([]),
});

import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { TEXT_LIMITS, itemTranslationsField, imageField, requiredText } from './admin-fields';

// Add Blog and Update Blog (docs/product.md §5): title, img, writerName, date and description are all
// required; the date comes from a date picker as yyyy-mm-dd and must be a real calendar day.

export const DATE_MESSAGE = coded('pickAValidDate');

/** yyyy-mm-dd naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

export const blogSchema = z.strictObject({
  title: requiredText('Title', TEXT_LIMITS.title),
  img: imageField('Image'),
  writerName: requiredText('Writer name', TEXT_LIMITS.name),
  date: requiredText('Date', 10).refine(isCalendarDate, DATE_MESSAGE),
  description: requiredText('Description', TEXT_LIMITS.blog),
  translations: itemTranslationsField(TEXT_LIMITS.blog),
});
export type BlogInput = z.input<typeof blogSchema>;
export type BlogValues = z.output<typeof blogSchema>;

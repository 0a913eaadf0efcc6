// Catalogue items (courses, books, blogs, instructors) may carry a Bengali title and description,
// filled in by admins in the same forms. The Bengali site shows them where present and the English
// ones otherwise; course search finds a course by either title.

/** `title` is the item's name (a course's title, a book's name, a blog's title, an instructor's name). */
export type BengaliText = { title?: string; description?: string };

/** The text a reader of `locale` sees: the Bengali one on the Bengali site when there is one. */
export function inLocale(english: string, bengali: string | undefined, locale: string): string {
  return locale === 'bn' && bengali ? bengali : english;
}

type TextFields<T> = { [Key in keyof T]: T[Key] extends string ? Key : never }[keyof T];

/**
 * A copy of a catalogue item with the texts a reader of `locale` sees in its title and description
 * fields (e.g. a course's `title` and `ShortDescription`), so a page, its metadata and its JSON-LD
 * all speak the page's language.
 */
export function localizeItem<T extends { bn?: BengaliText }>(item: T, fields: { title: TextFields<T>; description?: TextFields<T> }, locale: string): T {
  if (locale !== 'bn' || !item.bn) return item;
  const copy = { ...item };
  if (item.bn.title) (copy[fields.title] as string) = item.bn.title;
  if (fields.description && item.bn.description) (copy[fields.description] as string) = item.bn.description;
  return copy;
}

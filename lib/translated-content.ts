import { DEFAULT_LOCALE, routing, type Locale } from '@/i18n/routing';

// Content is written in the site's default language and may carry translations keyed by the
// locale they are in, e.g. a course's `translations: { bn: { title, description } }`. A reader of
// another language sees each translated field where it is written and the default text otherwise,
// field by field. The languages are the site's (i18n/routing.ts): a new one is a row there, not a
// new field here.

/** A language content is translated into: every site language but the default one. */
export type TranslationLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;

export const TRANSLATION_LOCALES = routing.locales.filter((locale): locale is TranslationLocale => locale !== DEFAULT_LOCALE);

/** Translated texts by language; a language, and each field within it, may be missing. */
export type Translations<Text> = Partial<Record<TranslationLocale, Partial<Text>>>;

/** A catalogue item's translatable texts: `title` is its name (a course's title, a book's name, a blog's title, an instructor's name). */
export type ItemText = { title: string; description: string };

/** What a reader of `locale` sees of `field`: its translation into `locale` when written, else `base`. */
export function translated<Text>(base: string, translations: Translations<Text> | undefined, field: keyof Text, locale: string): string {
  const text = translations?.[locale as TranslationLocale]?.[field];
  return typeof text === 'string' && text ? text : base;
}

type TextFields<T> = { [Key in keyof T]: T[Key] extends string ? Key : never }[keyof T];

/**
 * A copy of a catalogue item with the texts a reader of `locale` sees in its title and description
 * fields (e.g. a course's `title` and `ShortDescription`), so a page, its metadata and its JSON-LD
 * all speak the page's language.
 */
export function localizeItem<T extends { translations?: Translations<ItemText> }>(item: T, fields: { title: TextFields<T>; description?: TextFields<T> }, locale: string): T {
  const texts = item.translations?.[locale as TranslationLocale];
  if (!texts) return item;
  const copy = { ...item };
  if (texts.title) (copy[fields.title] as string) = texts.title;
  if (fields.description && texts.description) (copy[fields.description] as string) = texts.description;
  return copy;
}

/** One `make(locale)` per translated language, e.g. a form's empty texts or a schema's fields. */
export function byTranslationLocale<T>(make: (locale: TranslationLocale) => T): Record<TranslationLocale, T> {
  return Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, make(locale)])) as Record<TranslationLocale, T>;
}

/** An item's name in every language it has: its base title and each translated one. */
export function everyTitle(title: string, translations: Translations<Pick<ItemText, 'title'>> | undefined): string[] {
  return [title, ...TRANSLATION_LOCALES.flatMap((locale) => translations?.[locale]?.title || [])];
}

/** Only the translated titles of `translations` (what a search suggestion carries), absent when there are none. */
export function titleTranslations(translations: Translations<ItemText> | undefined): { translations?: Translations<Pick<ItemText, 'title'>> } {
  const titles = TRANSLATION_LOCALES.flatMap((locale) => {
    const title = translations?.[locale]?.title;
    return title ? [[locale, { title }] as const] : [];
  });
  return titles.length > 0 ? { translations: Object.fromEntries(titles) } : {};
}

/** Every translated text of `field`, joined: what search reads besides the base text. */
export function translatedTexts<Text>(translations: Translations<Text> | undefined, field: keyof Text): string[] {
  return TRANSLATION_LOCALES.flatMap((locale) => {
    const text = translations?.[locale]?.[field];
    return typeof text === 'string' && text ? [text] : [];
  });
}

/** An item's translations as its admin form starts: every language, a blank field where none is written. */
export function editableTranslations(translations: Translations<ItemText> | undefined): Record<TranslationLocale, ItemText> {
  return byTranslationLocale((locale) => ({ title: translations?.[locale]?.title ?? '', description: translations?.[locale]?.description ?? '' }));
}

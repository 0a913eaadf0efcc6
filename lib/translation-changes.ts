import { TRANSLATION_LOCALES } from './translated-content';
import type { TranslationLocale, Translations } from './translated-content';

// Applying a change of translations (as translationsField in lib/schemas/admin-fields.ts reads it)
// to what is stored, for content kept inside a larger document: a course's outline, a quiz.

/**
 * The translations after a change: each language sent replaces the stored one, a language sent
 * with no text is removed, and a language left out keeps what is stored. Undefined when none is left.
 */
export function changedTranslations<Text>(stored: Translations<Text> | undefined, sent: Translations<Text> | undefined): Translations<Text> | undefined {
  const result: Translations<Text> = { ...stored };
  for (const locale of TRANSLATION_LOCALES) {
    const texts = sent?.[locale];
    if (texts === undefined) continue;
    if (Object.keys(texts).length > 0) result[locale] = texts;
    else delete result[locale];
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** `translations` keeping only the fields `pick` answers, per language sent (a language sent stays sent, even empty, so it clears). */
export function pickedTranslations<Text, Picked>(translations: Translations<Text> | undefined, pick: (texts: Partial<Text>) => Partial<Picked>): Translations<Picked> | undefined {
  if (!translations) return undefined;
  const entries = Object.entries(translations) as [TranslationLocale, Partial<Text> | undefined][];
  return Object.fromEntries(entries.filter(([, texts]) => texts !== undefined).map(([locale, texts]) => [locale, definedOnly(pick(texts as Partial<Text>))])) as Translations<Picked>;
}

function definedOnly<T extends object>(texts: T): T {
  return Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined)) as T;
}

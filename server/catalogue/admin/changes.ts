import 'server-only';
import type { ItemText, Translations } from '@/lib/translated-content';

/** `Values` with its possibly-undefined fields made optional: what definedFields leaves. */
export type DefinedFields<Values> = { [Key in keyof Values as undefined extends Values[Key] ? never : Key]: Values[Key] } & {
  [Key in keyof Values as undefined extends Values[Key] ? Key : never]?: Exclude<Values[Key], undefined>;
};

/**
 * The fields that were given. Validated input leaves blank optional fields as `undefined`, which
 * the driver would store as null; documents and `$set`s must only hold what the admin sent.
 */
export function definedFields<Values extends Record<string, unknown>>(values: Values): DefinedFields<Values> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as DefinedFields<Values>;
}

function hasText(texts: Partial<ItemText> | undefined): texts is Partial<ItemText> {
  return texts !== undefined && Object.keys(texts).length > 0;
}

/** An item's translations as a new document holds them: a language with no text is left out. */
export function storedTranslations(translations: Translations<ItemText> | undefined): { translations?: Translations<ItemText> } {
  const written = (Object.entries(translations ?? {}) as [string, Partial<ItemText> | undefined][]).filter(([, texts]) => hasText(texts));
  return written.length > 0 ? { translations: Object.fromEntries(written) } : {};
}

/**
 * An item's update: `fields` set, and each given language's translation written on its own
 * (`translations.bn`), so a language the change leaves out keeps what is stored, and a language
 * sent with no text is removed, as are the fields `alsoRemove` names.
 */
export function updateWithTranslations(fields: object, translations: Translations<ItemText> | undefined, alsoRemove: string[] = []) {
  const $set: Record<string, unknown> = { ...fields };
  const $unset: Record<string, ''> = Object.fromEntries(alsoRemove.map((field) => [field, '']));
  for (const [locale, texts] of Object.entries(translations ?? {}) as [string, Partial<ItemText> | undefined][]) {
    if (texts === undefined) continue;
    if (hasText(texts)) $set[`translations.${locale}`] = texts;
    else $unset[`translations.${locale}`] = '';
  }
  return { $set, ...(Object.keys($unset).length > 0 ? { $unset } : {}) };
}

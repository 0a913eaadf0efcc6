'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { TRANSLATION_LOCALES } from '@/lib/translated-content';
import type { TranslationLocale } from '@/lib/translated-content';

type Props = {
  /** One language's fields, given the language's name in the page's language ("Bengali"). */
  children: (locale: TranslationLocale, language: string) => ReactNode;
  /** How the group lays out its fields: one below the other unless given. */
  layout?: string;
};

/** An optional group of fields per translated language (lib/translated-content.ts), as the catalogue and curriculum forms have them. */
export function TranslationFieldsets({ children, layout = 'space-y-3' }: Props) {
  const t = useTranslations('adminForms');
  const languages = useTranslations('languages');
  return TRANSLATION_LOCALES.map((locale) => {
    const language = languages(locale);
    return (
      <fieldset key={locale} className={`min-w-0 rounded-md border border-slate-200 p-2 sm:p-4 ${layout}`}>
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('translationLegend', { language })}</legend>
        <p className="text-xs text-slate-600 md:col-span-2">{t('translationHint', { language, defaultLanguage: languages(DEFAULT_LOCALE) })}</p>
        {children(locale, language)}
      </fieldset>
    );
  });
}

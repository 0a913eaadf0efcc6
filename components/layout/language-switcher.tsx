'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { usePathname } from '@/i18n/navigation';
import { LOCALE_DETAILS } from '@/i18n/routing';
import { languageOptions } from './language-options';
import type { LanguageOption } from './language-options';
import { rememberLocale } from './remember-locale';
import { useSession } from './session-provider';

/**
 * A link to the page the visitor is on in each other language, named in that language. Following
 * one remembers the choice (a cookie, and the account's preference when signed in, which e-mails
 * use too). Its accessible name is the page language's `language.switchToLabel`, one branch per
 * language it leads to.
 */
/** `colors` replaces the link's colours (the footer is dark). */
export function LanguageSwitcher({ colors = 'text-slate-700 hover:bg-brand-50 hover:text-brand-700' }: { colors?: string }) {
  const t = useTranslations('language');
  const options = languageOptions(useLocale(), usePathname());
  const { status } = useSession();

  function follow(event: MouseEvent<HTMLAnchorElement>, { locale, href }: LanguageOption) {
    // The query (a list's sort, a search page) and the fragment are the same in every language.
    event.currentTarget.href = `${href}${window.location.search}${window.location.hash}`;
    rememberLocale(locale, status === 'authenticated');
  }

  return options.map((option) => (
    <a
      key={option.locale}
      href={option.href}
      hrefLang={option.locale}
      lang={option.locale}
      onClick={(event) => follow(event, option)}
      aria-label={t('switchToLabel', { language: option.locale })}
      className={`font-endonym inline-flex items-center rounded-md px-2 py-1.5 text-sm font-medium ${colors}`}
    >
      {LOCALE_DETAILS[option.locale].endonym}
    </a>
  ));
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { usePathname } from '@/i18n/navigation';
import { localePath, routing } from '@/i18n/routing';
import { rememberLocale } from './remember-locale';
import { useSession } from './session-provider';

/**
 * A link to the page the visitor is on, in the other language. Following it remembers the choice
 * (a cookie, and the account's preference when signed in, which e-mails use too).
 */
/** `colors` replaces the link's colours (the footer is dark). */
export function LanguageSwitcher({ colors = 'text-slate-700 hover:bg-brand-50 hover:text-brand-700' }: { colors?: string }) {
  const t = useTranslations('language');
  const locale = useLocale();
  const other = routing.locales.find((candidate) => candidate !== locale) ?? routing.defaultLocale;
  const href = localePath(other, usePathname());
  const { status } = useSession();

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    // The query (a list's sort, a search page) and the fragment are the same in both languages.
    event.currentTarget.href = `${href}${window.location.search}${window.location.hash}`;
    rememberLocale(other, status === 'authenticated');
  }

  return (
    <a href={href} hrefLang={other} lang={other} onClick={follow} aria-label={t('switchToLabel')} className={`inline-flex items-center rounded-md px-2 py-1.5 text-sm font-medium ${colors}`}>
      {t('switchTo')}
    </a>
  );
}

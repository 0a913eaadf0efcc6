'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { useSession } from '@/components/layout/session-provider';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { SAVED_CACHE } from '@/offline/saved-addresses';

/**
 * On every page, for a device that has saved something: removes it when its account is no longer
 * the one signed in, removes what the learner no longer owns, carries on unfinished saves and keeps
 * the Saved screen ready for offline. A device that saved nothing does nothing here.
 */
export function SavedContentKeeper() {
  const { status } = useSession();
  const locale = useLocale();
  useEffect(() => {
    if (status === 'loading' || !('caches' in window)) return;
    const localePrefix = locale === DEFAULT_LOCALE ? '' : locale;
    // The work (and its code) only where something is saved: most devices never load it.
    const check = () =>
      void caches
        .has(SAVED_CACHE)
        .then(async (saved) => saved && (await import('./saved-keeping')).keepHonest(localePrefix))
        .catch(() => undefined);
    check();
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [status, locale]);
  return null;
}

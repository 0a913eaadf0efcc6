'use client';

import { useLocale, useTranslations } from 'next-intl';
import { openSavedItem, savedAddress } from './saved-navigation';

/** "← Saved on this device", back to the list without asking the server. */
export function BackToSaved() {
  const t = useTranslations('saved');
  const locale = useLocale();
  return (
    <p className="mb-4 text-sm">
      <a href={savedAddress(locale, {})} onClick={(event) => openSavedItem(event, {})} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>
        {t('backToSaved')}
      </a>
    </p>
  );
}

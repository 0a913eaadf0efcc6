'use client';

import { useTranslations } from 'next-intl';

/** Opens the browser's print dialog; the print stylesheet (app/globals.css) leaves the certificate alone on the page. */
export function PrintButton() {
  const t = useTranslations('certificate');
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      {t('print')}
    </button>
  );
}

'use client';

import { useTranslations } from 'next-intl';

/** Up and down buttons: reordering by keyboard or pointer, never drag-only. */
export function MoveButtons({ label, first, last, busy, onMove }: { label: string; first: boolean; last: boolean; busy: boolean; onMove: (direction: 'up' | 'down') => void }) {
  const t = useTranslations('curriculumEditor');
  const button = 'btn border border-slate-300 px-2 py-1 text-slate-800 hover:bg-slate-50';
  return (
    <>
      <button type="button" className={button} disabled={busy || first} onClick={() => onMove('up')} aria-label={t('moveUp', { label })}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className={button} disabled={busy || last} onClick={() => onMove('down')} aria-label={t('moveDown', { label })}>
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}

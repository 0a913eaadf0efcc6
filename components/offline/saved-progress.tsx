'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import type { SavedItem } from './saved-store';

/** How far saving has come for `items` together: a bar while under way, else what they ended as. */
export function SavedProgress({ items }: { items: SavedItem[] }) {
  const t = useTranslations('saved');
  const locale = useLocale() as FormatLocale;
  if (items.length === 0) return null;
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  const done = items.reduce((sum, item) => sum + Math.min(item.doneBytes, item.bytes), 0);
  const failed = items.find((item) => item.status === 'failed');
  const status = failed ? 'failed' : items.some((item) => item.status === 'saving') ? 'saving' : items.some((item) => item.status === 'paused') ? 'paused' : 'saved';
  const sizes = { done: formatFileSize(done, locale), total: formatFileSize(total, locale) };
  if (status === 'saved') {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-700">
        {t('savedOnDevice', { size: sizes.total })}
      </p>
    );
  }
  return (
    <div role="status" className="space-y-1 text-sm text-slate-800">
      {status === 'saving' ? <progress className="h-2 w-full accent-brand-700" max={total || 1} value={done} aria-label={t('savingLabel')} /> : null}
      <p>
        {status === 'saving'
          ? t('savingProgress', sizes)
          : status === 'paused'
            ? t('paused', sizes)
            : t('failed', { reason: failed?.error === 'storageFull' ? t('storageFull') : t('notYours') })}
      </p>
    </div>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import type { SavableBook } from '@/server/offline/saved-content';
import { FileDownloadIcon } from '@/components/ui/icons';
import { saveBook } from './saved-downloads';
import { keepSavedShell } from './saved-shell';
import { bookItemId, canSave, removeItems } from './saved-store';
import { SavedProgress } from './saved-progress';
import { useSavedIndex } from './use-saved-items';

const never = () => () => undefined;

/** "Save the PDF (or MP3) for offline" on a bought book, with its size; then its progress, or that it is on this device. */
export function SaveBookForOffline({ bookId, owner, format, sizeBytes }: { bookId: string; owner: string; format: 'pdf' | 'mp3'; sizeBytes: number }) {
  const t = useTranslations('saved');
  const locale = useLocale();
  const supported = useSyncExternalStore(never, canSave, () => false);
  const index = useSavedIndex();
  const [failed, setFailed] = useState(false);
  /** From the tap until the save shows its own progress. */
  const [starting, setStarting] = useState(false);
  if (!supported) return null;
  const item = index?.owner === owner ? index.items.find((candidate) => candidate.id === bookItemId(bookId)) : undefined;

  const save = async () => {
    setFailed(false);
    setStarting(true);
    void navigator.storage?.persist?.();
    const answer = await fetch(`/api/offline/books/${bookId}`, { cache: 'no-store' }).catch(() => null);
    if (!answer?.ok) {
      setStarting(false);
      return setFailed(true);
    }
    // The Saved screen first: the book can be opened offline as soon as it shows as saved.
    await keepSavedShell(locale === DEFAULT_LOCALE ? '' : locale).catch(() => undefined);
    const saving = saveBook(owner, (await answer.json()) as SavableBook);
    setStarting(false);
    await saving;
  };

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      {item ? (
        <>
          <SavedProgress items={[item]} />
          {item.status === 'saved' ? (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link href={`/saved?book=${bookId}`} className="font-semibold text-brand-700 underline">
                {t('openSaved')}
              </Link>
              <button type="button" className="font-semibold text-red-700 underline" onClick={() => void removeItems(owner, [item.id])}>
                {t('removeThis')}
              </button>
            </p>
          ) : item.status !== 'saving' ? (
            <button type="button" className="btn-outline" disabled={starting} onClick={() => void save()}>
              {t('saveBook', { format: format.toUpperCase(), size: formatFileSize(sizeBytes, locale as FormatLocale) })}
            </button>
          ) : null}
        </>
      ) : (
        <button type="button" className="btn-outline inline-flex items-center gap-2" disabled={starting} onClick={() => void save()}>
          <FileDownloadIcon className="h-5 w-5" />
          {t('saveBook', { format: format.toUpperCase(), size: formatFileSize(sizeBytes, locale as FormatLocale) })}
        </button>
      )}
      {failed ? (
        <p role="alert" className="field-error">
          {t('sizesFailed')}
        </p>
      ) : null}
    </div>
  );
}

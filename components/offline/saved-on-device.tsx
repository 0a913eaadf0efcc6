'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import { useSavedIndex } from './use-saved-items';

/** On a My Collection card: how much of the course (or whether the book) is saved on this device, leading to the Saved screen. Nothing when none is. */
export function SavedOnDevice({ itemKind, itemId }: { itemKind: 'course' | 'book'; itemId: string }) {
  const t = useTranslations('saved');
  const locale = useLocale() as FormatLocale;
  const index = useSavedIndex();
  const saved = (index?.items ?? []).filter((item) => item.status === 'saved' && (item.kind === 'lesson' ? itemKind === 'course' && item.courseId === itemId : itemKind === 'book' && item.bookId === itemId));
  if (saved.length === 0) return null;
  const size = formatFileSize(
    saved.reduce((sum, item) => sum + item.bytes, 0),
    locale,
  );
  return (
    <p className="text-sm">
      <Link href={itemKind === 'book' ? `/saved?book=${itemId}` : '/saved'} className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
        {itemKind === 'book' ? t('bookOnDevice', { size }) : t('lessonsOnDevice', { count: saved.length, size })}
      </Link>
    </p>
  );
}

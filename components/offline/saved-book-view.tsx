'use client';

import { useTranslations } from 'next-intl';
import { BookListener } from '@/components/books/book-listener';
import { PdfReader } from '@/components/books/pdf-reader';
import { savedBookFile } from './saved-downloads';
import { bookItemId } from './saved-store';
import type { SavedBookItem } from './saved-store';
import { useSavedIndex } from './use-saved-items';
import { BackToSaved } from './back-to-saved';

/** A saved book, from the device: the PDF in the site's reader (and the browser's), the MP3 in the player, both seeking without a connection. */
export function SavedBookView({ bookId }: { bookId: string }) {
  const t = useTranslations('saved');
  const index = useSavedIndex();
  const item = index?.items.find((candidate): candidate is SavedBookItem => candidate.id === bookItemId(bookId));
  const back = <BackToSaved />;
  if (index === undefined) return back;
  if (!index || !item || item.status !== 'saved') {
    return (
      <div>
        {back}
        <section className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-800">
          <h1 className="text-xl font-bold text-brand-900">{t('notSavedTitle')}</h1>
          <p className="mt-1">{t('bookNotSaved')}</p>
        </section>
      </div>
    );
  }
  const file = savedBookFile(index.owner, bookId);
  return (
    <div className="space-y-4">
      {back}
      <header>
        <h1 className="text-2xl font-bold break-words text-brand-900 sm:text-3xl">{item.title}</h1>
        <p className="mt-2 inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">{t('onThisDevice')}</p>
      </header>
      {item.format === 'pdf' ? (
        <>
          <PdfReader bookId={bookId} fileUrl={file} sizeBytes={item.bytes} name={item.title} />
          <p>
            <a href={file} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
              {t('openPdf')}
            </a>
          </p>
        </>
      ) : (
        <BookListener bookId={bookId} fileUrl={file} name={item.title} />
      )}
    </div>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { BookListener } from '@/components/books/book-listener';
import { PdfReader } from '@/components/books/pdf-reader';
import { SaveBookForOffline } from '@/components/offline/save-book-for-offline';
import { PurchaseConfirmation } from '@/components/checkout/purchase-confirmation';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { redirectInLocale } from '@/i18n/server-redirect';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import { routes } from '@/lib/routes';
import { findShelvedBook } from '@/server/catalogue/book-shelf';
import { requireUserPage } from '@/server/accounts/guards';

type Props = { params: Promise<{ bookId: string }>; searchParams: Promise<{ welcome?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bookShelf');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * A bought book in My Collection: a PDF in the reader, an MP3 on its listen page, and the file to
 * download at an address that keeps working. Anyone who has not bought the book sees its sales page.
 */
export default async function ShelvedBookPage({ params, searchParams }: Props) {
  const { bookId } = await params;
  const user = await requireUserPage(routes.bookShelf(bookId));
  const locale = (await getLocale()) as FormatLocale;
  const book = await findShelvedBook(user, bookId, locale);
  if (!book) notFound();
  if (book === 'not-bought') return redirectInLocale(routes.book(bookId));
  const t = await getTranslations('bookShelf');
  const file = book.file;
  return (
    <div className="container-page py-6 sm:py-10">
      <p className="mb-4 text-sm">
        <Link href="/myCollection" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('backToCollection')}
        </Link>
      </p>
      <PurchaseConfirmation buyer={user} orderId={(await searchParams).welcome} shownAt="collection" />
      <header className="mb-6 flex items-start gap-4">
        <OptimizedImage src={book.cover} alt={t('coverAlt', { name: book.name })} width={72} height={96} className="h-24 w-18 shrink-0 rounded-md object-cover shadow-sm" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-brand-900 sm:text-3xl">{book.name}</h1>
          {book.authors.length > 0 ? <p className="mt-1 text-slate-700">{t('by', { authors: book.authors.join(', ') })}</p> : null}
          {file ? (
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
              <span>{t(file.format === 'pdf' ? 'pdfSize' : 'mp3Size', { size: formatFileSize(file.sizeBytes, locale) })}</span>
              <a href={file.url} download className="font-semibold text-brand-700 underline-offset-2 hover:underline" aria-label={t(file.format === 'pdf' ? 'downloadPdfLabel' : 'downloadMp3Label', { name: book.name })}>
                {t(file.format === 'pdf' ? 'downloadPdf' : 'downloadMp3')}
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {file ? (
        <WithClientMessages namespaces={['bookShelf', 'saved']}>
          <div className="mb-4">
            <SaveBookForOffline bookId={book.id} owner={user.id} format={file.format === 'pdf' ? 'pdf' : 'mp3'} sizeBytes={file.sizeBytes} />
          </div>
          {file.format === 'pdf' ? <PdfReader bookId={book.id} fileUrl={file.url} sizeBytes={file.sizeBytes} name={book.name} /> : <BookListener bookId={book.id} fileUrl={file.url} name={book.name} />}
        </WithClientMessages>
      ) : (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-slate-900 ring-1 ring-amber-200">{t('noFile')}</p>
      )}
    </div>
  );
}

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ProgressMeter } from '@/components/learning/progress-meter';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import type { ItemAccess } from '@/lib/item-access';
import type { RefundOption } from '@/lib/refunds';
import { PaidBadge } from './order-cells';
import { RefundOptionLine } from './refund-option';
import { SavedOnDevice } from '@/components/offline/saved-on-device';

/** `free`: the order cost nothing (labelled Free, not Paid). `cover`: null once the item is gone. */
export type CollectionEntryView = {
  id: string;
  /** The course's or book's id. */
  itemId: string;
  productName: string;
  itemKind: 'course' | 'book';
  cover: string | null;
  access: ItemAccess;
  refund: RefundOption;
  free: boolean;
};

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/**
 * My Collection as a learning page: the courses, each with its progress, the lesson the learner was
 * last in and Continue; then the books, each opening in the reader or on its listen page, with its
 * file to download. Courses and books are the page's paid orders, newest first, in two groups.
 */
export function CollectionCards({ entries }: { entries: CollectionEntryView[] }) {
  const t = useTranslations('collection');
  const courses = entries.filter((entry) => entry.itemKind === 'course');
  const books = entries.filter((entry) => entry.itemKind === 'book');
  return (
    <div className="flex flex-col gap-10">
      {courses.length > 0 ? (
        <Shelf id="collection-courses" heading={t('coursesHeading')}>
          {courses.map((entry) => (
            <EntryCard key={entry.id} entry={entry} coverClass="aspect-video w-28 sm:w-40">
              <CourseAccess name={entry.productName} access={entry.access} />
            </EntryCard>
          ))}
        </Shelf>
      ) : null}
      {books.length > 0 ? (
        <Shelf id="collection-books" heading={t('booksHeading')}>
          {books.map((entry) => (
            <EntryCard key={entry.id} entry={entry} coverClass="aspect-[3/4] w-20 sm:w-24">
              <BookAccess name={entry.productName} access={entry.access} />
            </EntryCard>
          ))}
        </Shelf>
      ) : null}
    </div>
  );
}

function Shelf({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold text-brand-900">
        {heading}
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2">{children}</ul>
    </section>
  );
}

/** One bought item: its picture, name, Paid or Free with the receipt, its way in, and the refund line. */
function EntryCard({ entry, coverClass, children }: { entry: CollectionEntryView; coverClass: string; children: ReactNode }) {
  const t = useTranslations('collection');
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <div className="flex gap-3 sm:gap-4">
        {entry.cover ? (
          <OptimizedImage src={entry.cover} alt={t('coverAlt', { name: entry.productName })} width={160} height={entry.itemKind === 'course' ? 90 : 213} className={`${coverClass} h-auto shrink-0 self-start rounded-md object-cover`} />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 className="font-semibold break-words text-slate-900">{entry.productName}</h3>
          <PaidBadge orderId={entry.id} itemName={entry.productName} free={entry.free} />
          {children}
          <SavedOnDevice itemKind={entry.itemKind} itemId={entry.itemId} />
        </div>
      </div>
      {entry.refund ? <RefundOptionLine orderId={entry.id} productName={entry.productName} itemKind={entry.itemKind} option={entry.refund} /> : null}
    </li>
  );
}

function CourseAccess({ name, access }: { name: string; access: ItemAccess }) {
  const t = useTranslations('collection');
  if (access.kind !== 'course') return <p className="text-sm text-slate-700">{t('removed')}</p>;
  return (
    <>
      <ProgressMeter percent={access.percent} label={t('progressIn', { name })} />
      <p className="text-sm break-words text-slate-700">{access.lastLessonTitle ? t('lastLesson', { title: access.lastLessonTitle }) : t('notStarted')}</p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link href={access.continueHref} aria-label={access.started ? t('continueLabel', { name }) : t('startLabel', { name })} className="btn-primary px-4 py-1.5">
          {access.started ? t('continue') : t('start')}
        </Link>
        <Link href={access.openHref} aria-label={t('openCourseLabel', { name })} className={`${linkClass} text-sm`}>
          {t('openCourse')}
        </Link>
        {access.certificateHref ? (
          <Link href={access.certificateHref} aria-label={t('viewCertificateLabel', { name })} className="text-sm font-semibold text-emerald-700 underline-offset-2 hover:underline">
            {t('viewCertificate')}
          </Link>
        ) : null}
      </p>
    </>
  );
}

function BookAccess({ name, access }: { name: string; access: ItemAccess }) {
  const t = useTranslations('collection');
  const locale = useLocale() as FormatLocale;
  if (access.kind !== 'book') return <p className="text-sm text-slate-700">{t('noFile')}</p>;
  const pdf = access.format === 'pdf';
  return (
    <>
      <p className="text-sm text-slate-700">{t(pdf ? 'pdfSize' : 'mp3Size', { size: formatFileSize(access.sizeBytes, locale) })}</p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link href={access.shelfHref} aria-label={t(pdf ? 'readLabel' : 'listenLabel', { name })} className="btn-primary px-4 py-1.5">
          {t(pdf ? 'read' : 'listen')}
        </Link>
        <a href={access.fileUrl} download aria-label={t(pdf ? 'downloadPdfLabel' : 'downloadMp3Label', { name })} className={`${linkClass} text-sm`}>
          {t(pdf ? 'downloadPdf' : 'downloadMp3')}
        </a>
      </p>
    </>
  );
}

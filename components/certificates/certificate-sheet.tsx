import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import { getDurationText } from '@/components/learning/duration-text';

export type CertificateSheetData = {
  id: string;
  learnerName: string;
  courseTitle: string;
  instructorName: string;
  courseLengthSeconds: number | null;
  completedAt: Date;
  withdrawn: boolean;
};

/**
 * The certificate as a landscape sheet, laid out like its PDF (server/learning/certificate-pdf.ts). It is
 * what gets printed: app/globals.css leaves it alone on one A4 landscape page.
 */
export async function CertificateSheet({ certificate, verificationUrl }: { certificate: CertificateSheetData; verificationUrl: string }) {
  const [t, locale, durationText] = await Promise.all([getTranslations('certificate'), getLocale(), getDurationText()]);
  return (
    <article
      aria-labelledby="certificate-heading"
      className="certificate-sheet relative mx-auto w-full max-w-5xl border-[6px] border-brand-900 bg-brand-50 p-2 text-center shadow-sm sm:aspect-[297/210] sm:p-3"
    >
      <div className="flex h-full flex-col items-center justify-between gap-6 border border-brand-500 bg-white/60 px-4 py-8 sm:px-12">
        <div>
          <p className="text-xs font-bold uppercase tracking-[0.4em] text-brand-700 sm:text-sm">Knowledge Zone</p>
          <h1 id="certificate-heading" className="mt-3 text-2xl font-extrabold text-brand-900 sm:text-4xl">
            {t('heading')}
          </h1>
          <div aria-hidden="true" className="mx-auto mt-3 h-1 w-28 rounded bg-accent-500" />
        </div>

        <div className="w-full">
          <p className="text-slate-700">{t('certifiesThat')}</p>
          <p className="mx-auto mt-2 max-w-3xl break-words border-b border-brand-500 px-4 pb-2 text-3xl font-extrabold text-brand-900 sm:text-5xl">
            {certificate.learnerName}
          </p>
          <p className="mt-4 text-slate-700">{t('hasCompleted')}</p>
          <p className="mt-2 break-words text-xl font-bold text-brand-700 sm:text-2xl">{certificate.courseTitle}</p>
          <p className="mt-2 text-slate-700">
            {t.rich('taughtBy', { instructor: certificate.instructorName, strong: (text) => <strong className="text-slate-900">{text}</strong> })}
          </p>
          {certificate.courseLengthSeconds ? (
            <p className="mt-1 text-slate-700">
              {t.rich('courseLength', { length: durationText(certificate.courseLengthSeconds), strong: (text) => <strong className="text-slate-900">{text}</strong> })}
            </p>
          ) : null}
        </div>

        <div className="w-full">
          <dl className="grid grid-cols-2 items-end gap-4 text-sm sm:grid-cols-3">
            <div className="text-left">
              <dt className="text-slate-700">{t('completedOn')}</dt>
              <dd className="border-t border-brand-500 pt-1 text-base font-bold text-brand-900">{formatDate(certificate.completedAt, 'long', locale)}</dd>
            </div>
            <div aria-hidden="true" className="hidden justify-center sm:flex">
              <span className="flex h-20 w-20 flex-col items-center justify-center rounded-full border-4 border-accent-500 bg-brand-600 font-extrabold leading-none text-white">
                <span className="text-2xl">KZ</span>
                <span className="mt-1 text-[0.55rem] tracking-widest">{t('seal')}</span>
              </span>
            </div>
            <div className="text-right">
              <dt className="text-slate-700">{t('certificateId')}</dt>
              <dd className="break-all border-t border-brand-500 pt-1 font-mono font-bold text-brand-900">{certificate.id}</dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-slate-700">
            {t.rich('checkGenuine', { url: verificationUrl, address: (text) => <span className="break-all font-semibold text-brand-700">{text}</span> })}
          </p>
        </div>
      </div>

      {certificate.withdrawn ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="-rotate-12 rounded-lg border-4 border-red-700 bg-white/80 px-4 py-2 text-2xl font-extrabold uppercase tracking-widest text-red-700 sm:px-6 sm:text-4xl">
            {t('withdrawn')}
          </span>
        </div>
      ) : null}
    </article>
  );
}

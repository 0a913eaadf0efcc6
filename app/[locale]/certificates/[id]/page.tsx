import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CertificateSheet } from '@/components/certificates/certificate-sheet';
import { PrintButton } from '@/components/certificates/print-button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { isLocale, localePath, routing } from '@/i18n/routing';
import { getErrorText } from '@/i18n/server-error-text';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { certificateInLocale, findCertificate } from '@/server/learning/certificates';
import type { Certificate } from '@/server/learning/certificates';
import { absoluteUrl, pageMetadata } from '@/app/_catalogue/seo';

// The public verification page of a certificate of completion: anyone with the address, signed
// in or not, sees whether it is genuine. Rendered for every request (the proxy marks it so and the
// shared page cache never keeps it), so a withdrawal shows at once on every app instance.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** The certificate in the page's language (the course's title in it). */
async function load(params: Props['params']): Promise<Certificate> {
  const [certificate, locale] = await Promise.all([findCertificate((await params).id), getLocale()]);
  if (!certificate) notFound();
  return certificateInLocale(certificate, isLocale(locale) ? locale : routing.defaultLocale);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [certificate, t, locale] = await Promise.all([load(params), getTranslations('certificate'), getLocale()]);
  const { learnerName, courseTitle, instructorName, withdrawal } = certificate;
  const title = withdrawal ? t('metaTitleWithdrawn', { title: courseTitle }) : t('metaTitle', { title: courseTitle });
  const description = withdrawal
    ? t('metaDescriptionWithdrawn', { learner: learnerName, title: courseTitle, date: formatDate(withdrawal.at, 'long', locale) })
    : t('metaDescription', { learner: learnerName, title: courseTitle, instructor: instructorName, date: formatDate(certificate.completedAt, 'long', locale) });
  return { ...(await pageMetadata({ title, description, path: routes.certificate(certificate.id) })), robots: { index: false } };
}

export default async function CertificatePage({ params }: Props) {
  const [certificate, t, errorText, locale] = await Promise.all([load(params), getTranslations('certificate'), getErrorText(), getLocale()]);
  const { withdrawal } = certificate;
  return (
    <div className="container-page py-8 print:max-w-none print:p-0">
      {withdrawal ? (
        <p className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-semibold text-red-800 print:hidden">
          {t('withdrawnNotice', { date: formatDate(withdrawal.at, 'long', locale), reason: errorText(withdrawal.reason) })}
        </p>
      ) : (
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between print:hidden">
          <p className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
            <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              {t.rich('verified', {
                learner: certificate.learnerName,
                date: formatDate(certificate.issuedAt, 'long', locale),
                strong: (text) => <strong>{text}</strong>,
              })}
            </span>
          </p>
          <div className="flex flex-wrap gap-3">
            <WithClientMessages namespaces={['certificate']}>
              <PrintButton />
            </WithClientMessages>
            <a href={localePath(locale, routes.certificatePdf(certificate.id))} download className="btn-outline">
              {t('downloadPdf')}
            </a>
          </div>
        </div>
      )}
      <CertificateSheet
        certificate={{ ...certificate, withdrawn: withdrawal !== null }}
        verificationUrl={absoluteUrl(routes.certificate(certificate.id))}
      />
    </div>
  );
}

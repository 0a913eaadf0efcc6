import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { CheckCircleIcon } from '@/components/ui/icons';
import { routes } from '@/lib/routes';

/** In the player, once the learner has completed every lesson: the way to their certificate. */
export async function CertificateLink({ certificateId, courseTitle }: { certificateId: string; courseTitle: string }) {
  const t = await getTranslations('certificate');
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <CheckCircleIcon className="h-5 w-5 shrink-0" />
      <span>{t('completedCourse')}</span>
      <Link href={routes.certificate(certificateId)} aria-label={t('viewCertificateLabel', { title: courseTitle })} className="font-semibold text-emerald-800 underline underline-offset-2">
        {t('viewCertificate')}
      </Link>
    </p>
  );
}

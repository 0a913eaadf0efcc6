import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { CheckCircleIcon } from '@/components/ui/icons';
import { COURSE_COMPLETED_ID } from './course-completed-id';
import { facebookShareUrl, linkedInAddToProfileUrl } from '@/lib/certificate-sharing';
import { routes } from '@/lib/routes';
import { findCertificate } from '@/server/learning/certificates';
import { siteUrl } from '@/server/platform/env';

type Props = { certificateId: string; course: { id: string; title: string; classCourse: string } };

/**
 * In the player once the learner has completed every lesson: the course is done, its certificate
 * (to view, download, add to LinkedIn or share) and a prompt to rate the course.
 */
export async function CourseCompletion({ certificateId, course }: Props) {
  const [t, certificate] = await Promise.all([getTranslations('certificate'), findCertificate(certificateId)]);
  // A withdrawn certificate (a refunded order) is not offered; the player is not shown then anyway.
  if (!certificate || certificate.withdrawal) return null;
  const url = new URL(routes.certificate(certificate.id), siteUrl()).toString();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <section id={COURSE_COMPLETED_ID} tabIndex={-1} aria-labelledby="course-completed" className="mb-6 scroll-mt-24 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900 focus:outline-none sm:p-5">
      <h2 id="course-completed" className="flex items-center gap-2 text-lg font-bold text-emerald-900 sm:text-xl">
        <CheckCircleIcon className="h-6 w-6 shrink-0" />
        {t('completionTitle', { title: course.title })}
      </h2>
      <p className="mt-1">{t('completionText')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link href={routes.certificate(certificate.id)} aria-label={t('viewCertificateLabel', { title: course.title })} className="btn-primary">
          {t('viewCertificate')}
        </Link>
        <a href={routes.certificatePdf(certificate.id)} className="btn-outline">
          {t('downloadPdf')}
        </a>
        <a href={linkedInAddToProfileUrl({ url, id: certificate.id, courseTitle: certificate.courseTitle, issuedAt: certificate.issuedAt })} className="btn-outline" {...external}>
          {t('addToLinkedIn')}
        </a>
        <a href={facebookShareUrl(url)} className="btn-outline" {...external}>
          {t('shareOnFacebook')}
        </a>
      </div>
      <p className="mt-3 text-sm">
        {t('ratePrompt')}{' '}
        <Link href={`${routes.courseDetail(course.classCourse, course.id)}#reviews`} className="font-semibold text-brand-700 underline underline-offset-2">
          {t('rateCourse')}
        </Link>
      </p>
    </section>
  );
}

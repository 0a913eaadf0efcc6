import { Link } from '@/i18n/navigation';
import { CheckCircleIcon } from '@/components/ui/icons';
import { routes } from '@/lib/routes';

/** In the player, once the learner has completed every lesson: the way to their certificate. */
export function CertificateLink({ certificateId, courseTitle }: { certificateId: string; courseTitle: string }) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <CheckCircleIcon className="h-5 w-5 shrink-0" />
      <span>You completed this course —</span>
      <Link href={routes.certificate(certificateId)} aria-label={`View certificate: ${courseTitle}`} className="font-semibold text-emerald-800 underline underline-offset-2">
        View certificate
      </Link>
    </p>
  );
}

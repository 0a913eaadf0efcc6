import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

/** An address that names no certificate: it cannot be verified, and the visitor is told so plainly. */
export default async function CertificateNotFound() {
  const t = await getTranslations('certificate');
  return (
    <div className="container-page flex flex-col items-center py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{t('notFoundTitle')}</h1>
      <p className="mt-3 max-w-xl text-slate-700">{t('notFoundText')}</p>
      <Link href="/" className="btn-primary mt-6">
        {t('backHome')}
      </Link>
    </div>
  );
}

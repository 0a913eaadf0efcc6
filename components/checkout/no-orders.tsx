import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** The empty state of My Order and My Collection, with the way to the catalogue. */
export function NoOrders({ message }: { message: string }) {
  const t = useTranslations('orders');
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <p className="text-slate-700">{message}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link href="/classes" className="btn-outline">
          {t('academicCourses')}
        </Link>
        <Link href="/courses" className="btn-outline">
          {t('skillCourses')}
        </Link>
        <Link href="/books" className="btn-outline">
          {t('books')}
        </Link>
      </div>
    </div>
  );
}

import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

/** A sorted or filtered list with nothing left to show: says so, with the way back to the whole list. */
export async function NoMatches({ message, clearHref }: { message: string; clearHref: string }) {
  const t = await getTranslations('catalogue');
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
      <p>{message}</p>
      <Link href={clearHref} className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
        {t('clearFilters')}
      </Link>
    </div>
  );
}

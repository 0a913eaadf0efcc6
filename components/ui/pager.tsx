import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** Previous / next links for a paginated list; `href(page)` builds each page's address. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const t = useTranslations('ui');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pagination')} className="mt-6 flex items-center justify-center gap-4 text-sm">
      {page > 1 ? <Link className="btn-outline" href={href(page - 1)} rel="prev">{t('previous')}</Link> : <span className="btn border border-slate-200 text-slate-500" aria-disabled="true">{t('previous')}</span>}
      <span aria-current="page">{t('pageOf', { page, pageCount })}</span>
      {page < pageCount ? <Link className="btn-outline" href={href(page + 1)} rel="next">{t('next')}</Link> : <span className="btn border border-slate-200 text-slate-500" aria-disabled="true">{t('next')}</span>}
    </nav>
  );
}

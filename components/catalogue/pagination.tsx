import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { formatNumber } from '@/lib/format';

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page; page 1 is the list's own address. */
  hrefFor: (page: number) => string;
  /** Names the links for assistive technology; "Pagination" by default. */
  label?: string;
};

/** The page numbers shown: the first, the last and the two around the current one. */
function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((value) => value >= 1 && value <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const value of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && value - previous > 1) result.push('gap');
    result.push(value);
  }
  return result;
}

const itemClass = 'flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-semibold';

/** Previous / numbered / Next links; nothing at all when everything fits on one page. */
export async function Pagination({ page, pageCount, hrefFor, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  const [t, locale] = await Promise.all([getTranslations('pagination'), getLocale()]);
  return (
    <nav aria-label={label ?? t('label')} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link href={hrefFor(page - 1)} rel="prev" className={`${itemClass} border-slate-300 bg-white text-brand-700 hover:bg-brand-50`}>
              {t('previous')}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} border-slate-200 text-slate-500`}>{t('previous')}</span>
          )}
        </li>
        {visiblePages(page, pageCount).map((value, index) =>
          value === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-600">…</li>
          ) : (
            <li key={value}>
              <Link
                href={hrefFor(value)}
                aria-label={t('page', { page: value })}
                aria-current={value === page ? 'page' : undefined}
                className={
                  value === page
                    ? `${itemClass} border-brand-600 bg-brand-600 text-white`
                    : `${itemClass} border-slate-300 bg-white text-brand-700 hover:bg-brand-50`
                }
              >
                {formatNumber(value, locale, { useGrouping: false })}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link href={hrefFor(page + 1)} rel="next" className={`${itemClass} border-slate-300 bg-white text-brand-700 hover:bg-brand-50`}>
              {t('next')}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} border-slate-200 text-slate-500`}>{t('next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

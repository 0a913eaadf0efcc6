import { Link } from '@/i18n/navigation';

/** Previous / next links for a paginated list; `href(page)` builds each page's address. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-center gap-4 text-sm">
      {page > 1 ? <Link className="btn-outline" href={href(page - 1)} rel="prev">Previous</Link> : <span className="btn border border-slate-200 text-slate-500" aria-disabled="true">Previous</span>}
      <span aria-current="page">Page {page} of {pageCount}</span>
      {page < pageCount ? <Link className="btn-outline" href={href(page + 1)} rel="next">Next</Link> : <span className="btn border border-slate-200 text-slate-500" aria-disabled="true">Next</span>}
    </nav>
  );
}

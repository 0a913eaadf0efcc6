import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

export type Crumb = { href: string; label: string };

/** Where a detail page sits: Home › list › this page. */
export async function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const t = await getTranslations('catalogue');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb) => (
          <li key={crumb.href} className="flex items-center gap-2">
            <Link href={crumb.href} className="text-brand-700 hover:underline">
              {crumb.label}
            </Link>
            <span aria-hidden>›</span>
          </li>
        ))}
        <li aria-current="page" className="line-clamp-1 font-medium text-slate-800">
          {current}
        </li>
      </ol>
    </nav>
  );
}

import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { formatDate } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { routes } from '@/lib/routes';
import { DRAFTS_SHOWN, listDraftCourses } from '@/server/catalogue/admin/course-drafts';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('courseDrafts');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The courses not published yet, newest first: each opens in its editor, where it is finished and published. */
export default async function DraftCoursesPage() {
  const admin = await requirePermissionPage('manageCatalogue', '/admin/drafts');
  const [drafts, t, locale] = await Promise.all([listDraftCourses(admin), getTranslations('courseDrafts'), getLocale()]);
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">
        {t('intro')}
        {drafts.length === DRAFTS_SHOWN ? ` ${t('more', { count: DRAFTS_SHOWN })}` : null}
      </p>
      {drafts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{t('empty')}</p>
      ) : (
        <ul aria-label={t('list')} className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {drafts.map((draft) => (
            <li key={draft.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <Link href={routes.courseCurriculum(draft.classCourse, draft.id)} className="font-semibold text-brand-800 hover:underline">
                  {draft.title}
                </Link>
                <p className="text-sm text-slate-700">
                  {t('lessons', { count: draft.lessons })} · {t('added', { date: formatDate(draft.createdAt, 'long', locale as FormatLocale) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

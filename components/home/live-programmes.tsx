import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { HomeSection } from './section-heading';

// docs/product.md §2 and §9: the home layout's children `index`, `gradeEight` and `gradeTwelve` are the
// grade groups of the live-class programme list: Live 1-on-1 through 12-on-12, each tagged Coding
// and Music with an EXPLORE link to /classes. Every card describes its own group size (the old
// 3-on-3 card wrongly repeated the 1-on-1 text).

/** `key` names the group's `home.live.groups` messages (its label and title). */
export type GradeGroup = { key: 'index' | 'gradeEight' | 'gradeTwelve'; href: '/' | '/gradeEight' | '/gradeTwelve'; sizes: number[] };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const GRADE_GROUPS = {
  index: { key: 'index', href: '/', sizes: range(1, 3) },
  gradeEight: { key: 'gradeEight', href: '/gradeEight', sizes: range(4, 8) },
  gradeTwelve: { key: 'gradeTwelve', href: '/gradeTwelve', sizes: range(9, 12) },
} as const satisfies Record<string, GradeGroup>;

const TAGS = ['coding', 'music'] as const;

/** The section around the grade groups; the chosen group (a child route) renders inside it. */
export async function LiveProgrammes({ children }: { children: ReactNode }) {
  const t = await getTranslations('home.live');
  return (
    <HomeSection id="home-live" className="bg-white" title={t('title')} caption={t('caption')}>
      {children}
    </HomeSection>
  );
}

/** Links between the grade groups (they stay where they are on the page) and the group's cards. */
export async function GradeGroupProgrammes({ group }: { group: GradeGroup }) {
  const t = await getTranslations('home.live');
  return (
    <>
      {/* On phones the three groups share the width equally and a label wraps inside its tab
          (evenly: "Grades / 9 to 12"); from sm up they sit side by side as pills on one line. */}
      <nav aria-label={t('groupsLabel')} className="mx-auto mb-6 w-full max-w-md sm:w-fit sm:max-w-full">
        <ul className="grid grid-cols-3 gap-1 rounded-2xl bg-brand-50 p-1 ring-1 ring-brand-100 sm:flex sm:rounded-full">
          {Object.values(GRADE_GROUPS).map((item) => {
            const current = item.href === group.href;
            return (
              <li key={item.href} className="min-w-0">
                <Link
                  href={item.href}
                  scroll={false}
                  aria-current={current ? 'page' : undefined}
                  className={`flex h-full items-center justify-center text-balance rounded-xl px-2 py-2 text-center text-sm font-semibold leading-tight sm:whitespace-nowrap sm:rounded-full sm:px-4 ${
                    current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-white'
                  }`}
                >
                  {t(`groups.${item.key}.label`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4">
        {group.sizes.map((size) => {
          const name = t('programme', { size });
          return (
            <li key={size} className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-lg font-bold text-brand-900">{name}</h3>
                <p className="w-fit shrink-0 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-red-700">
                  <span aria-hidden className="mr-1 inline-block h-2 w-2 rounded-full bg-red-600 align-middle" />
                  {t('badge')}
                </p>
              </div>
              <p className="mt-1 flex-1 text-sm text-slate-700 sm:mt-2">{t('description', { size })}</p>
              <div className="mt-3 flex items-center justify-between gap-3 sm:mt-4">
                <ul className="flex gap-2" aria-label={t('topics')}>
                  {TAGS.map((tag) => (
                    <li key={tag} className="rounded-md bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-700">{t(tag)}</li>
                  ))}
                </ul>
                <Link href="/classes" className="btn-primary">
                  {t.rich('explore', { programme: name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The title and description of a grade group's page (the home page's own are the layout's). */
export async function gradeGroupMetadataText(group: GradeGroup): Promise<{ title: string; description: string }> {
  const [t, tWelcome] = await Promise.all([getTranslations('home.live'), getTranslations('home.welcome')]);
  const title = t(`groups.${group.key}.title`);
  const programmes = group.sizes.map((size) => t('programme', { size })).join(', ');
  return { title, description: t('metaDescription', { intro: tWelcome('text'), group: title, programmes }) };
}

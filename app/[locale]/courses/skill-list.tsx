import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SKILL_PAGES } from '@/lib/catalogue';
import type { ListPage } from '@/lib/catalogue';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { CourseListScreen } from '@/app/_catalogue/course-list-screen';
import { catalogueListPages, listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata } from '@/app/_catalogue/seo';

// The four /courses routes (index, list slug, and their /page/N) render this one screen.

export async function skillMetadata(list: ListPage, page: number): Promise<Metadata> {
  const [t, tl, suffix] = await Promise.all([getTranslations('catalogue.skill'), getTranslations('lists.course'), listPageSuffix(page)]);
  const name = tl(list.list);
  return pageMetadata({
    title: `${t('title', { list: name })}${suffix}`,
    description: t('description', { list: name }),
    path: listPagePath(list.href, page),
  });
}

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export function SkillList({ list, page, view }: { list: ListPage; page: number; view?: CatalogueView }) {
  return <CourseListScreen section="skill" menu={SKILL_PAGES} current={list} page={page} view={view} />;
}

/** The section's four list routes (app/_catalogue/list-pages.tsx), re-exported by each page.tsx. */
export const skillListPages = catalogueListPages({
  lists: SKILL_PAGES,
  metadata: skillMetadata,
  render: (list, page) => <SkillList list={list} page={page} />,
});

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import type { ListPage } from '@/lib/catalogue';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { CourseListScreen } from '@/app/_catalogue/course-list-screen';
import { catalogueListPages, listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata } from '@/app/_catalogue/seo';

// The four /classes routes (index, class slug, and their /page/N) render this one screen.

export async function academicMetadata(list: ListPage, page: number): Promise<Metadata> {
  const [t, tl, suffix] = await Promise.all([getTranslations('catalogue.academic'), getTranslations('lists.course'), listPageSuffix(page)]);
  const name = tl(list.list);
  return pageMetadata({
    title: `${t('title', { list: name })}${suffix}`,
    description: t('description', { list: name }),
    path: listPagePath(list.href, page),
  });
}

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export function AcademicList({ list, page, view }: { list: ListPage; page: number; view?: CatalogueView }) {
  return <CourseListScreen section="academic" menu={ACADEMIC_PAGES} current={list} page={page} view={view} />;
}

/** The section's four list routes (app/_catalogue/list-pages.tsx), re-exported by each page.tsx. */
export const academicListPages = catalogueListPages({
  lists: ACADEMIC_PAGES,
  metadata: academicMetadata,
  render: (list, page) => <AcademicList list={list} page={page} />,
});

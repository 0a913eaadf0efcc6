import type { Metadata } from 'next';
import { ACADEMIC_PAGES } from '@/lib/catalogue';
import type { ListPage } from '@/lib/catalogue';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { CourseListScreen } from '@/app/_catalogue/course-list-screen';
import { catalogueListPages } from '@/app/_catalogue/list-pages';
import { pageMetadata, pageSuffix } from '@/app/_catalogue/seo';

// The four /classes routes (index, class slug, and their /page/N) render this one screen.

export const ACADEMIC_HEADING = 'Academic Courses';

export function academicMetadata(list: ListPage, page: number): Metadata {
  return pageMetadata({
    title: `${list.label} — ${ACADEMIC_HEADING}${pageSuffix(page)}`,
    description: `${ACADEMIC_HEADING} for ${list.label} at Knowledge Zone: self-paced lessons, videos, quizzes and notes that follow the national curriculum, taught by experienced teachers.`,
    path: listPagePath(list.href, page),
  });
}

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export function AcademicList({ list, page, view }: { list: ListPage; page: number; view?: CatalogueView }) {
  return <CourseListScreen heading={ACADEMIC_HEADING} menuLabel="Classes" menu={ACADEMIC_PAGES} current={list} page={page} view={view} />;
}

/** The section's four list routes (app/_catalogue/list-pages.tsx), re-exported by each page.tsx. */
export const academicListPages = catalogueListPages({
  lists: ACADEMIC_PAGES,
  metadata: academicMetadata,
  render: (list, page) => <AcademicList list={list} page={page} />,
});

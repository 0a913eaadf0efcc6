import type { Metadata } from 'next';
import { SKILL_PAGES } from '@/lib/catalogue';
import type { ListPage } from '@/lib/catalogue';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { CourseListScreen } from '@/app/_catalogue/course-list-screen';
import { catalogueListPages } from '@/app/_catalogue/list-pages';
import { pageMetadata, pageSuffix } from '@/app/_catalogue/seo';

// The four /courses routes (index, list slug, and their /page/N) render this one screen.

export const SKILL_HEADING = 'Skill Development Courses';

export function skillMetadata(list: ListPage, page: number): Metadata {
  return pageMetadata({
    title: `${list.label} — ${SKILL_HEADING}${pageSuffix(page)}`,
    description: `${list.label} at Knowledge Zone: skill development courses with videos, quizzes, notes and transcripts, from coding and spoken English to kids' and entertaining courses.`,
    path: listPagePath(list.href, page),
  });
}

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export function SkillList({ list, page, view }: { list: ListPage; page: number; view?: CatalogueView }) {
  return <CourseListScreen heading={SKILL_HEADING} menuLabel="Skill course lists" menu={SKILL_PAGES} current={list} page={page} view={view} />;
}

/** The section's four list routes (app/_catalogue/list-pages.tsx), re-exported by each page.tsx. */
export const skillListPages = catalogueListPages({
  lists: SKILL_PAGES,
  metadata: skillMetadata,
  render: (list, page) => <SkillList list={list} page={page} />,
});

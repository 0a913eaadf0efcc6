import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { InstructorCard } from '@/components/catalogue/instructor-card';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { SideMenu } from '@/components/catalogue/side-menu';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { listPagePath } from '@/lib/pagination';
import { listInstructorsBySubject } from '@/server/instructors';
import { catalogueListPages } from '@/app/_catalogue/list-pages';
import { pageMetadata, pageSuffix } from '@/app/_catalogue/seo';

// The four /instructor routes (index, subject slug, and their /page/N) render this one screen.

export type SubjectPage = (typeof SUBJECT_PAGES)[number];

export const INSTRUCTORS_HEADING = 'Our Instructors';

const MENU = SUBJECT_PAGES.map((item) => ({ href: item.href, label: item.subject }));

export function instructorMetadata(subject: SubjectPage, page: number): Metadata {
  return pageMetadata({
    title: `${subject.subject} — ${INSTRUCTORS_HEADING}${pageSuffix(page)}`,
    description: `Meet the ${subject.subject} teachers of Knowledge Zone: their education and where to follow them, for classes 1 to 12 and skill courses.`,
    path: listPagePath(subject.href, page),
  });
}

export async function InstructorList({ subject, page }: { subject: SubjectPage; page: number }) {
  const result = await listInstructorsBySubject(subject.subject, page);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={INSTRUCTORS_HEADING} />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <SideMenu label="Subjects" items={MENU} currentHref={subject.href} />
        <section aria-labelledby="list-heading">
          <h2 id="list-heading" className="mb-5 text-2xl font-bold text-brand-900">
            {subject.subject}
          </h2>
          {result.items.length === 0 ? (
            <EmptyState message={`No ${subject.subject} instructors are listed yet. Please check back soon.`} />
          ) : (
            <CatalogueGrid layout="instructors" label={`${subject.subject} instructors`}>
              {result.items.map((instructor) => (
                <InstructorCard key={instructor.id} instructor={instructor} headingLevel="h3" />
              ))}
            </CatalogueGrid>
          )}
          <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(subject.href, target)} label={`${subject.subject} instructor pages`} />
        </section>
      </div>
    </>
  );
}

/** The section's four list routes (app/_catalogue/list-pages.tsx), re-exported by each page.tsx. */
export const instructorListPages = catalogueListPages({
  lists: SUBJECT_PAGES,
  metadata: instructorMetadata,
  render: (list, page) => <InstructorList subject={list} page={page} />,
});

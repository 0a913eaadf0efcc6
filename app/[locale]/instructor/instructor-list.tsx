import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { InstructorCard } from '@/components/catalogue/instructor-card';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { SideMenu } from '@/components/catalogue/side-menu';
import { SUBJECT_PAGES } from '@/lib/catalogue';
import { listPagePath } from '@/lib/pagination';
import { listInstructorsBySubject } from '@/server/catalogue/instructors';
import { catalogueListPages, listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata } from '@/app/_catalogue/seo';

// The four /instructor routes (index, subject slug, and their /page/N) render this one screen.

export type SubjectPage = (typeof SUBJECT_PAGES)[number];

export async function instructorMetadata(subject: SubjectPage, page: number): Promise<Metadata> {
  const [t, ts, suffix] = await Promise.all([getTranslations('catalogue.instructors'), getTranslations('lists.subject'), listPageSuffix(page)]);
  const name = ts(subject.subject);
  return pageMetadata({
    title: `${t('title', { subject: name })}${suffix}`,
    description: t('description', { subject: name }),
    path: listPagePath(subject.href, page),
  });
}

export async function InstructorList({ subject, page }: { subject: SubjectPage; page: number }) {
  const [result, t, ts] = await Promise.all([listInstructorsBySubject(subject.subject, page), getTranslations('catalogue.instructors'), getTranslations('lists.subject')]);
  if (page > result.pageCount) notFound();
  const name = ts(subject.subject);
  return (
    <>
      <PageHeading title={t('heading')} />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <SideMenu label={t('menu')} items={SUBJECT_PAGES.map((item) => ({ href: item.href, label: ts(item.subject) }))} currentHref={subject.href} />
        <section aria-labelledby="list-heading">
          <h2 id="list-heading" className="mb-5 text-2xl font-bold text-brand-900">
            {name}
          </h2>
          {result.items.length === 0 ? (
            <EmptyState message={t('empty', { subject: name })} />
          ) : (
            <CatalogueGrid layout="instructors" label={t('grid', { subject: name })}>
              {result.items.map((instructor) => (
                <InstructorCard key={instructor.id} instructor={instructor} headingLevel="h3" />
              ))}
            </CatalogueGrid>
          )}
          <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(subject.href, target)} label={t('pages', { subject: name })} />
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

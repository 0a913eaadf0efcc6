import { notFound } from 'next/navigation';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { CourseCard } from '@/components/catalogue/course-card';
import { EmptyState } from '@/components/catalogue/empty-state';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { SideMenu } from '@/components/catalogue/side-menu';
import type { ListPage } from '@/lib/catalogue';
import { listPagePath } from '@/lib/pagination';
import { listCoursesByList } from '@/server/courses';

type CourseListScreenProps = {
  heading: string;
  menuLabel: string;
  menu: ListPage[];
  current: ListPage;
  page: number;
};

/** Academic and skill course lists: heading, list menu, grid of course cards and page links. */
export async function CourseListScreen({ heading, menuLabel, menu, current, page }: CourseListScreenProps) {
  const result = await listCoursesByList(current.list, page);
  if (page > result.pageCount) notFound();
  const live = current.list === 'liveCourse';

  return (
    <>
      <PageHeading title={heading} />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <SideMenu label={menuLabel} items={menu} currentHref={current.href} />
        <section aria-labelledby="list-heading">
          <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="list-heading" className="text-2xl font-bold text-brand-900">
              {current.label}
            </h2>
            <p className="text-sm text-slate-700">
              {result.total === 1 ? '1 course' : `${result.total} courses`}
            </p>
          </div>
          {result.items.length === 0 ? (
            <EmptyState message="No courses are available in this list yet. Please check back soon." />
          ) : (
            <CatalogueGrid layout={live ? 'live' : 'courses'} label={`${current.label} courses`}>
              {result.items.map((course, index) => (
                <CourseCard
                  key={course.id}
                  course={course}
                  headingLevel="h3"
                  priority={index < 3}
                />
              ))}
            </CatalogueGrid>
          )}
          <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(current.href, target)} label={`${current.label} pages`} />
        </section>
      </div>
    </>
  );
}

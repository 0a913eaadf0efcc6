import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { CourseCard } from '@/components/catalogue/course-card';
import { EmptyState } from '@/components/catalogue/empty-state';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { routes } from '@/lib/routes';
import { searchCoursesCached } from '@/server/catalogue-cache';
import { pageMetadata, pageSuffix } from '../../_catalogue/seo';

// Search results depend on the query string (?page=), so this page renders per request; the
// results themselves come from the data cache (server/catalogue-cache.ts).

type Props = {
  params: Promise<{ term: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

/** The term as typed; a stray `%` the router left encoded is decoded once, a bad escape kept as is. */
function termFrom(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function resolve({ params, searchParams }: Props) {
  const term = termFrom((await params).term);
  const rawPage = (await searchParams).page;
  const page = parsePageNumber(typeof rawPage === 'string' ? rawPage : undefined);
  if (page === null) notFound();
  return { term, page };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { term, page } = await resolve(props);
  return pageMetadata({
    title: `Courses matching “${term}”${pageSuffix(page)}`,
    description: `Knowledge Zone courses whose title contains “${term}”: academic courses for classes 1 to 12 and skill development courses.`,
    path: queryPagePath(routes.searchCourse(term), page),
  });
}

export default async function SearchCoursePage(props: Props) {
  const { term, page } = await resolve(props);
  const result = await searchCoursesCached(term, page);
  if (page > result.pageCount) notFound();
  const basePath = routes.searchCourse(term);

  return (
    <>
      <PageHeading title={`Your Total Search Result Is: ${result.total}`}>
        <p>
          Courses whose title contains <span className="font-semibold text-white">“{term}”</span>
        </p>
      </PageHeading>
      <div className="container-page py-8 lg:py-10">
        {result.items.length === 0 ? (
          <EmptyState message="No course title matches your search. Try a shorter or different word." />
        ) : (
          <CatalogueGrid layout="search" label="Search results">
            {result.items.map((course, index) => (
              <CourseCard
                key={course.id}
                course={course}
                priority={index < 4}
              />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => queryPagePath(basePath, target)} label="Search result pages" />
      </div>
    </>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { CourseCard } from '@/components/catalogue/course-card';
import { EmptyState } from '@/components/catalogue/empty-state';
import { ListControls } from '@/components/catalogue/list-controls';
import { NoMatches } from '@/components/catalogue/no-matches';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { isDefaultView, viewHref } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { parseCatalogueView } from '@/lib/schemas/catalogue-view';
import { routes } from '@/lib/routes';
import { searchCoursesCached } from '@/server/catalogue-cache';
import { listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata, variantMetadata } from '@/app/_catalogue/seo';

// Search results depend on the query string (?page=, and ?sort=/price=/rating=), so this page
// renders per request; the results themselves come from the data cache (server/catalogue-cache.ts).

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
  const query = await searchParams;
  const rawPage = query.page;
  const page = parsePageNumber(typeof rawPage === 'string' ? rawPage : undefined);
  if (page === null) notFound();
  // The sort and filters (issue 21); unknown values read as the default (the proxy has already
  // redirected them to the view's one address).
  return { term, page, view: parseCatalogueView('search', query) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { term, page, view } = await resolve(props);
  const [t, suffix] = await Promise.all([getTranslations('search'), listPageSuffix(page)]);
  const metadata = await pageMetadata({
    title: `${t('title', { term })}${suffix}`,
    description: t('description', { term }),
    path: queryPagePath(routes.searchCourse(term), page),
  });
  return isDefaultView('search', view) ? metadata : variantMetadata(metadata);
}

/** A page of results in this view: the view's parameters, then `page` (proxy.ts keeps that order). */
function resultsPageHref(basePath: string, view: CatalogueView, page: number): string {
  return viewHref(basePath, 'search', view, page > 1 ? [['page', String(page)]] : []);
}

export default async function SearchCoursePage(props: Props) {
  const { term, page, view } = await resolve(props);
  const [result, t] = await Promise.all([searchCoursesCached(term, page, view), getTranslations('search')]);
  if (page > result.pageCount) notFound();
  const basePath = routes.searchCourse(term);

  return (
    <>
      <PageHeading title={t('heading', { total: result.total })}>
        <p>
          {t.rich(result.approximate ? 'subheadingApproximate' : 'subheading', { term, highlight: (chunks) => <span className="font-semibold text-white">{chunks}</span> })}
        </p>
      </PageHeading>
      <div className="container-page py-8 lg:py-10">
        {result.termMatches > 0 ? (
          <WithClientMessages namespaces={['listControls']}>
            <ListControls kind="search" action={basePath} view={view} label={t('controls')} />
          </WithClientMessages>
        ) : null}
        {result.items.length === 0 && result.termMatches > 0 ? (
          <NoMatches message={t('noMatches')} clearHref={basePath} />
        ) : result.items.length === 0 ? (
          <EmptyState message={t('empty')} />
        ) : (
          <CatalogueGrid layout="search" label={t('grid')}>
            {result.items.map((course, index) => (
              <CourseCard
                key={course.id}
                course={course}
                priority={index < 4}
              />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => resultsPageHref(basePath, view, target)} label={t('pages')} />
      </div>
    </>
  );
}

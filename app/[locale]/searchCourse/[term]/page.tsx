import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { BookCard } from '@/components/catalogue/book-card';
import { CourseCard } from '@/components/catalogue/course-card';
import { InstructorCard } from '@/components/catalogue/instructor-card';
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
import { searchBooksAndInstructorsCached, searchCoursesCached } from '@/server/catalogue/catalogue-cache';
import { SEARCH_GROUP_MAX } from '@/server/catalogue/catalogue-search';
import type { BookAndInstructorResults, SearchGroup } from '@/server/catalogue/catalogue-search';
import type { CourseSearchResult } from '@/server/catalogue/course-search';
import { listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata, variantMetadata } from '@/app/_catalogue/seo';

// Search results depend on the query string (?page=, and ?sort=/price=/rating=), so this page
// renders per request; the results themselves come from the data cache (server/catalogue/catalogue-cache.ts).
// The course results (docs/product.md §2) come first, paged; the books and instructors the term finds follow
// on the first page, each a group of at most SEARCH_GROUP_MAX.

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
  // The sort and filters; unknown values read as the default (the proxy has already
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

type GroupName = 'courses' | 'books' | 'instructors';

const NO_GROUP = { items: [], total: 0, approximate: false };

/**
 * Near matches (typos) stand in only when nothing matches as typed: where one group found the
 * term, the others' near matches are left out (a writer's name found in books is not also offered
 * as a similar instructor's name).
 */
function asTyped(courses: CourseSearchResult, others: BookAndInstructorResults) {
  const exact = (courses.termMatches > 0 && !courses.approximate) || [others.books, others.instructors].some((group) => group.total > 0 && !group.approximate);
  if (!exact) return { courses, ...others, approximate: courses.approximate || others.books.approximate || others.instructors.approximate };
  const kept = <T,>(group: SearchGroup<T>): SearchGroup<T> => (group.approximate ? NO_GROUP : group);
  const shownCourses = courses.approximate ? { ...courses, items: [], total: 0, termMatches: 0, pageCount: 1, approximate: false } : courses;
  return { courses: shownCourses, books: kept(others.books), instructors: kept(others.instructors), approximate: false };
}

/** Links to the page's groups, shown when the term found more than courses. */
function GroupLinks({ counts, label, nameOf }: { counts: Record<GroupName, number>; label: string; nameOf: (group: GroupName, count: number) => string }) {
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {(Object.keys(counts) as GroupName[])
          .filter((group) => counts[group] > 0)
          .map((group) => (
            <li key={group}>
              <a href={`#${group}`} className="inline-block rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100">
                {nameOf(group, counts[group])}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** A group of books or instructors: its heading, its cards and, when it found more, how to narrow. */
function ResultGroup<T>({ id, title, group, more, grid }: { id: GroupName; title: string; group: SearchGroup<T>; more: string; grid: (items: T[]) => ReactNode }) {
  if (group.items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-12 scroll-mt-24">
      <h2 id={`${id}-heading`} className="mb-5 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      {grid(group.items)}
      {group.total > group.items.length ? <p className="mt-4 text-sm text-slate-700">{more}</p> : null}
    </section>
  );
}

export default async function SearchCoursePage(props: Props) {
  const { term, page, view } = await resolve(props);
  const [found, t] = await Promise.all([
    Promise.all([searchCoursesCached(term, page, view), searchBooksAndInstructorsCached(term)]).then(([courses, others]) => asTyped(courses, others)),
    getTranslations('search'),
  ]);
  const { courses: result, approximate } = found;
  if (page > result.pageCount) notFound();
  const basePath = routes.searchCourse(term);
  const others = { books: found.books, instructors: found.instructors };
  // The heading counts everything found on every page; the groups are shown on the first.
  const total = result.total + others.books.total + others.instructors.total;
  const groupsShown = page === 1 && others.books.total + others.instructors.total > 0;

  return (
    <>
      <PageHeading title={t('heading', { total })}>
        <p>
          {t.rich(approximate ? 'subheadingApproximate' : 'subheading', { term, highlight: (chunks) => <span className="font-semibold text-white">{chunks}</span> })}
        </p>
      </PageHeading>
      <div className="container-page py-8 lg:py-10">
        {groupsShown ? (
          <GroupLinks
            counts={{ courses: result.total, books: others.books.total, instructors: others.instructors.total }}
            label={t('groups')}
            nameOf={(group, count) => t(`groupCount.${group}`, { count })}
          />
        ) : null}
        <section aria-labelledby="courses-heading" id="courses" className="scroll-mt-24">
          <h2 id="courses-heading" className={groupsShown ? 'mb-5 text-2xl font-bold text-brand-900' : 'sr-only'}>
            {t('courses')}
          </h2>
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
                <CourseCard key={course.id} course={course} priority={index < 4} headingLevel="h3" />
              ))}
            </CatalogueGrid>
          )}
          <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => resultsPageHref(basePath, view, target)} label={t('pages')} />
        </section>
        {groupsShown ? (
          <>
            <ResultGroup
              id="books"
              title={t('books')}
              group={others.books}
              more={t('moreBooks', { shown: SEARCH_GROUP_MAX, total: others.books.total })}
              grid={(items) => (
                <CatalogueGrid layout="books" label={t('books')}>
                  {items.map((book) => (
                    <BookCard key={book.id} book={book} headingLevel="h3" />
                  ))}
                </CatalogueGrid>
              )}
            />
            <ResultGroup
              id="instructors"
              title={t('instructors')}
              group={others.instructors}
              more={t('moreInstructors', { shown: SEARCH_GROUP_MAX, total: others.instructors.total })}
              grid={(items) => (
                <CatalogueGrid layout="instructors" label={t('instructors')}>
                  {items.map((instructor) => (
                    <InstructorCard key={instructor.id} instructor={instructor} headingLevel="h3" />
                  ))}
                </CatalogueGrid>
              )}
            />
          </>
        ) : null}
      </div>
    </>
  );
}

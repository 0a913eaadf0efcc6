import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { CourseCard } from '@/components/catalogue/course-card';
import { EmptyState } from '@/components/catalogue/empty-state';
import { ListControls } from '@/components/catalogue/list-controls';
import { NoMatches } from '@/components/catalogue/no-matches';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { SideMenu } from '@/components/catalogue/side-menu';
import { WithClientMessages } from '@/i18n/with-client-messages';
import type { ListPage } from '@/lib/catalogue';
import { defaultView, isDefaultView, viewHref } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { listCoursesByList } from '@/server/catalogue/courses';

type CourseListScreenProps = {
  /** Which section's heading and list menu name (the `catalogue.academic` or `catalogue.skill` messages). */
  section: 'academic' | 'skill';
  menu: ListPage[];
  current: ListPage;
  page: number;
  /** The sort and filters (the plain list: the default view); lib/catalogue-view.ts. */
  view?: CatalogueView;
};

/** Academic and skill course lists: heading, list menu, sort and filters, grid of course cards and page links. */
export async function CourseListScreen({ section, menu, current, page, view = defaultView('courses') }: CourseListScreenProps) {
  const [result, t, tl] = await Promise.all([listCoursesByList(current.list, page, view), getTranslations('catalogue'), getTranslations('lists.course')]);
  if (page > result.pageCount) notFound();
  const live = current.list === 'liveCourse';
  const filtered = !isDefaultView('courses', view);
  const listName = tl(current.list);

  return (
    <>
      <PageHeading title={t(`${section}.heading`)} />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <SideMenu label={t(`${section}.menu`)} items={menu.map((item) => ({ href: item.href, label: tl(item.list) }))} currentHref={current.href} />
        <section aria-labelledby="list-heading">
          <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="list-heading" className="text-2xl font-bold text-brand-900">
              {listName}
            </h2>
            <p className="text-sm text-slate-700">
              {t('courseCount', { count: result.total })}
            </p>
          </div>
          <WithClientMessages namespaces={['listControls']}>
            <ListControls kind="courses" action={current.href} view={view} label={t('courseList.controls', { list: listName })} />
          </WithClientMessages>
          {result.items.length === 0 && filtered ? (
            <NoMatches message={t('courseList.noMatches')} clearHref={current.href} />
          ) : result.items.length === 0 ? (
            <EmptyState message={t('courseList.empty')} />
          ) : (
            <CatalogueGrid layout={live ? 'live' : 'courses'} label={t('courseList.grid', { list: listName })}>
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
          <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => viewHref(listPagePath(current.href, target), 'courses', view)} label={t('courseList.pages', { list: listName })} />
        </section>
      </div>
    </>
  );
}

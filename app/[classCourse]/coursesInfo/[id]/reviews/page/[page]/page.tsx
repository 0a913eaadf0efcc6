import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { isCourseList, listPageFor } from '@/lib/catalogue';
import { itemReviewsPagePath } from '@/lib/item-reviews';
import { parsePageNumber } from '@/lib/pagination';
import { routes } from '@/lib/routes';
import { getCourse } from '@/server/courses';
import { listItemReviews } from '@/server/item-reviews';
import { pageMetadata } from '../../../../../../_catalogue/seo';

// A course's further reviews (page 1 is on the course page), as plain cached pages so they work
// without scripts; a review change refreshes them with the course page (server/item-reviews.ts).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ classCourse: string; id: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ classCourse: string; id: string; page: string }> };

async function load(params: Props['params']) {
  const { classCourse, id, page: rawPage } = await params;
  const page = parsePageNumber(rawPage);
  if (page === null || !isCourseList(classCourse)) notFound();
  const course = await getCourse(id);
  if (!course) notFound();
  const path = routes.courseDetail(course.classCourse, course.id);
  if (course.classCourse !== classCourse || page === 1) permanentRedirect(itemReviewsPagePath(path, page));
  const reviews = await listItemReviews(course.id, page);
  if (page > reviews.pageCount) notFound();
  return { course, path, reviews, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { course, path, page } = await load(params);
  return pageMetadata({
    title: `Reviews of ${course.title} — page ${page}`,
    description: `What buyers say about ${course.title}: ratings and reviews from verified buyers.`,
    path: itemReviewsPagePath(path, page),
    image: course.img,
  });
}

export default async function CourseReviewsPage({ params }: Props) {
  const { course, path, reviews, page } = await load(params);
  const list = listPageFor(course.classCourse);
  return (
    <div className="container-page max-w-4xl py-6 lg:py-10">
      <Breadcrumbs trail={[{ href: '/', label: 'Home' }, { href: list.href, label: list.label }, { href: path, label: course.title }]} current={`Reviews, page ${page}`} />
      <h1 className="mb-6 mt-4 text-3xl font-extrabold leading-tight text-brand-900">Reviews of {course.title}</h1>
      <ItemReviewsSection itemId={course.id} itemKind="course" itemPath={path} rating={course.rating} reviews={reviews} paging="pager" withForm={false} />
    </div>
  );
}

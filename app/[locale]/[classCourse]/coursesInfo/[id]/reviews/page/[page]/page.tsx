import { getTranslations } from 'next-intl/server';
import { isCourseList, listPageFor } from '@/lib/catalogue';
import { routes } from '@/lib/routes';
import { getCourse } from '@/server/catalogue/courses';
import { itemReviewsPages } from '@/app/_catalogue/item-reviews-pages';

// A course's further reviews (page 1 is on the course page), built with the book's by
// app/_catalogue/item-reviews-pages.tsx. Next reads segment settings from the page file itself.
export const revalidate = 300;

const pages = itemReviewsPages(async ({ classCourse, id }: { classCourse: string; id: string; page: string }) => {
  if (!isCourseList(classCourse)) return null;
  const course = await getCourse(id);
  if (!course) return null;
  const t = await getTranslations('lists');
  return {
    item: {
      id: course.id,
      kind: 'course',
      name: course.title,
      path: routes.courseDetail(course.classCourse, course.id),
      image: course.img,
      rating: course.rating,
      list: { href: listPageFor(course.classCourse).href, label: t(`course.${course.classCourse}`) },
    },
    // A course asked for under another list redirects to its own address.
    canonical: course.classCourse === classCourse,
  };
});

export const { generateStaticParams, generateMetadata } = pages;
export default pages.Page;

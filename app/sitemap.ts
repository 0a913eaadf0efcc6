import type { MetadataRoute } from 'next';
import { GRADE_GROUPS } from '@/components/home/live-programmes';
import { ACADEMIC_PAGES, SKILL_PAGES, SUBJECT_PAGES } from '@/lib/catalogue';
import { routes } from '@/lib/routes';
import { listAllBlogIds } from '@/server/catalogue/blogs';
import { listAllBookIds } from '@/server/catalogue/books';
import { listAllCourseIds } from '@/server/catalogue/courses';
import { absoluteUrl } from './_catalogue/seo';
import { isBuilding } from '@/server/platform/build-phase';
import { localePath, routing } from '@/i18n/routing';

// sitemap.xml: the public pages, every course, book and blog page, and the instructor subjects,
// each in English and in Bengali, every address listing its language alternates (hreflang, with
// English as x-default). Rebuilt at most hourly; revalidateCatalogue refreshes it after an admin change.
export const revalidate = 3600;

type Entry = MetadataRoute.Sitemap[number];

/** The page at `path` (its English address) in every language, each naming all of them. */
function entry(path: string, changeFrequency: Entry['changeFrequency'], priority: number): Entry[] {
  const languages: Record<string, string> = { 'x-default': absoluteUrl(path) };
  for (const locale of routing.locales) languages[locale] = absoluteUrl(localePath(locale, path));
  return routing.locales.map((locale) => ({ url: absoluteUrl(localePath(locale, path)), changeFrequency, priority, alternates: { languages } }));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  if (isBuilding()) return [];
  const [courses, books, blogs] = await Promise.all([listAllCourseIds(), listAllBookIds(), listAllBlogIds()]);
  return [
    entry('/', 'daily', 1),
    entry(GRADE_GROUPS.gradeEight.href, 'monthly', 0.5),
    entry(GRADE_GROUPS.gradeTwelve.href, 'monthly', 0.5),
    ...[...ACADEMIC_PAGES, ...SKILL_PAGES].map((list) => entry(list.href, 'daily', 0.8)),
    entry('/books', 'daily', 0.8),
    entry('/blogs', 'daily', 0.7),
    ...SUBJECT_PAGES.map((subject) => entry(subject.href, 'weekly', 0.6)),
    entry('/contact', 'yearly', 0.4),
    entry('/privacy', 'yearly', 0.2),
    ...courses.map((course) => entry(routes.courseDetail(course.classCourse, course.id), 'weekly', 0.9)),
    ...books.map((id) => entry(routes.book(id), 'weekly', 0.9)),
    ...blogs.map((id) => entry(routes.blog(id), 'monthly', 0.6)),
  ].flat();
}

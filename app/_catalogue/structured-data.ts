import 'server-only';
import { centsToDollars } from '@/lib/format';
import { routes } from '@/lib/routes';
import type { Blog } from '@/server/blogs';
import type { Book } from '@/server/books';
import type { Course } from '@/server/courses';
import { absoluteUrl } from './seo';

// schema.org data for the detail pages (Course, Book, BlogPosting), so search engines can show
// price and author. Rendered by components/catalogue/json-ld.tsx.

const PROVIDER = { '@type': 'Organization', name: 'Knowledge Zone' } as const;

function offer(priceCents: number, path: string) {
  return {
    '@type': 'Offer',
    price: centsToDollars(priceCents).toFixed(2),
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    category: 'Paid',
    url: absoluteUrl(path),
  };
}

export function courseStructuredData(course: Course): Record<string, unknown> {
  const path = routes.courseDetail(course.classCourse, course.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.ShortDescription,
    image: absoluteUrl(course.img),
    url: absoluteUrl(path),
    provider: { ...PROVIDER, url: absoluteUrl('/') },
    instructor: { '@type': 'Person', name: course.instructorName, description: course.education },
    offers: offer(course.priceCents, path),
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: `PT${course.hours}H` },
  };
}

export function bookStructuredData(book: Book): Record<string, unknown> {
  const path = routes.book(book.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: book.bookName,
    description: book.about,
    image: absoluteUrl(book.img),
    url: absoluteUrl(path),
    author: book.writers.map((writer) => ({ '@type': 'Person', name: writer.name })),
    bookFormat: book.formate === 'MP3' ? 'https://schema.org/AudiobookFormat' : 'https://schema.org/EBook',
    numberOfPages: book.page,
    publisher: PROVIDER,
    offers: offer(book.priceCents, path),
  };
}

export function blogStructuredData(blog: Blog): Record<string, unknown> {
  const path = routes.blog(blog.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: blog.title,
    description: blog.description.slice(0, 300),
    image: absoluteUrl(blog.img),
    url: absoluteUrl(path),
    mainEntityOfPage: absoluteUrl(path),
    datePublished: blog.date,
    author: { '@type': 'Person', name: blog.writerName },
    publisher: PROVIDER,
  };
}

import 'server-only';
import { CURRENCIES, itemPrices } from '@/lib/money';
import type { ItemReview } from '@/lib/item-reviews';
import { RATING_BEST, RATING_WORST } from '@/lib/ratings';
import type { RatingSummary } from '@/lib/ratings';
import { routes } from '@/lib/routes';
import { writtenPoints, writtenSyllabusParts } from '@/lib/written-points';
import type { Blog } from '@/server/catalogue/blogs';
import type { Book } from '@/server/catalogue/books';
import type { Course } from '@/server/catalogue/courses';
import { localePath } from '@/i18n/routing';
import { curriculumIn } from '@/lib/curriculum';
import type { Locale } from '@/i18n/routing';
import { absoluteUrl } from './seo';

// schema.org data for the detail pages (Course, Book, BlogPosting), so search engines can show
// price, author and buyers' ratings. Rendered by components/catalogue/json-ld.tsx. In the page's
// language: the item comes with its texts in it (lib/translated-content.ts) and the addresses are the
// page's own (`locale`).

const PROVIDER = { '@type': 'Organization', name: 'Knowledge Zone' } as const;

/** One Offer per currency the item is priced in: dollars, and taka where it has a taka price. */
function offers(item: { priceCents: number; pricePaisa?: number }, path: string) {
  return itemPrices(item.priceCents, item.pricePaisa).map(({ currency, minor }) => ({
    '@type': 'Offer',
    price: (minor / CURRENCIES[currency].minorPerMajor).toFixed(2),
    priceCurrency: CURRENCIES[currency].code,
    availability: 'https://schema.org/InStock',
    category: 'Paid',
    url: absoluteUrl(path),
  }));
}

/**
 * Buyers' ratings for Google's review snippets: `aggregateRating` (ratingValue, reviewCount, and
 * the scale) and the reviews shown on the page (author, reviewRating, datePublished, reviewBody).
 * Nothing without reviews: an empty rating is not one.
 */
function ratingData(rating: RatingSummary | null, reviews: readonly ItemReview[]): Record<string, unknown> {
  if (!rating || rating.count <= 0) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: RATING_BEST, worstRating: RATING_WORST },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.authorName },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: RATING_BEST, worstRating: RATING_WORST },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.body,
          })),
        }
      : {}),
  };
}

/** `reviews`: those the page shows (its first page), newest first. */
export function courseStructuredData(course: Course, reviews: readonly ItemReview[] = [], locale: Locale = 'en'): Record<string, unknown> {
  const path = localePath(locale, routes.courseDetail(course.classCourse, course.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.ShortDescription,
    image: absoluteUrl(course.img),
    url: absoluteUrl(path),
    provider: { ...PROVIDER, url: absoluteUrl(localePath(locale, '/')) },
    instructor: { '@type': 'Person', name: course.instructorName, description: course.education },
    offers: offers(course, path),
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: `PT${course.hours}H` },
    syllabusSections: syllabusSectionsOf(course, locale),
    ...ratingData(course.rating, reviews),
  };
}

/** The curriculum's sections (with their lessons and length), or the older three-part syllabus. */
function syllabusSectionsOf(course: Course, locale: Locale): Record<string, unknown>[] {
  if (course.curriculum.length > 0) {
    return curriculumIn(course.curriculum, locale).map((section) => {
      const seconds = section.lessons.reduce((total, lesson) => total + (lesson.durationSeconds ?? 0), 0);
      return {
        '@type': 'Syllabus',
        name: section.title,
        description: section.lessons.map((lesson) => lesson.title).join('; '),
        ...(seconds > 0 ? { timeRequired: `PT${Math.round(seconds / 60)}M` } : {}),
      };
    });
  }
  return writtenSyllabusParts(course.syllabus).map((part) => ({
    '@type': 'Syllabus',
    name: part.title,
    description: writtenPoints(part).join('; '),
  }));
}

/** `reviews`: those the page shows (its first page), newest first. */
export function bookStructuredData(book: Book, reviews: readonly ItemReview[] = [], locale: Locale = 'en'): Record<string, unknown> {
  const path = localePath(locale, routes.book(book.id));
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
    offers: offers(book, path),
    ...ratingData(book.rating, reviews),
  };
}

export function blogStructuredData(blog: Blog, locale: Locale = 'en'): Record<string, unknown> {
  const path = localePath(locale, routes.blog(blog.id));
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

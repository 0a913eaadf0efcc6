import { ACADEMIC_PAGES, SKILL_PAGES, SUBJECT_PAGES, isCourseList } from './catalogue';
import { parsePageNumber } from './pagination';

// Catalogue addresses whose shape alone says nothing can be there: an id that is not an ObjectId,
// a list or subject slug that does not exist, a page number that is not one. The proxy answers
// them 404 before anything renders, so a flood of made-up addresses costs neither renders nor
// cache space. Well-formed addresses of missing items still reach the page,
// whose 404 is never stored (serving/isr-cache.mjs).

const OBJECT_ID = /^[0-9a-f]{24}$/;

const LIST_SLUGS: Record<string, ReadonlySet<string>> = {
  classes: new Set(ACADEMIC_PAGES.map((page) => page.slug)),
  courses: new Set(SKILL_PAGES.map((page) => page.slug).filter(Boolean)),
  instructor: new Set(SUBJECT_PAGES.map((page) => page.slug).filter(Boolean)),
};

const LISTS_WITH_PAGES = new Set(['classes', 'courses', 'instructor', 'books', 'blogs']);

function isPageNumber(segment: string | undefined): boolean {
  return segment !== undefined && parsePageNumber(segment) !== null;
}

/** True when `pathname` has a catalogue address's shape but names something that cannot exist. */
export function isImpossibleCatalogueAddress(pathname: string): boolean {
  const segments = pathname.replace(/\/$/, '').split('/').slice(1);
  const [first = '', second, third, fourth, ...rest] = segments;

  if (first === 'book' || first === 'blog') return segments.length === 2 && !OBJECT_ID.test(second ?? '');
  if (second === 'coursesInfo' && segments.length === 3) return !isCourseList(first) || !OBJECT_ID.test(third ?? '');

  if (!LISTS_WITH_PAGES.has(first) || segments.length < 2 || rest.length > 0) return false;
  const slugs = LIST_SLUGS[first];
  // /<list>/page/N
  if (second === 'page') return segments.length !== 3 || !isPageNumber(third);
  // /<list>/<slug> and /<list>/<slug>/page/N
  if (!slugs || !slugs.has(second ?? '')) return true;
  if (segments.length === 2) return false;
  return third !== 'page' || segments.length !== 4 || !isPageNumber(fourth);
}

/** The item a well-formed detail address names (`/book/{id}`, `/blog/{id}`, `/{list}/coursesInfo/{id}`), else null. */
export function catalogueItemOf(pathname: string): { kind: 'course' | 'book' | 'blog'; id: string } | null {
  const segments = pathname.replace(/\/$/, '').split('/').slice(1);
  const [first = '', second = '', third = ''] = segments;
  if ((first === 'book' || first === 'blog') && segments.length === 2 && OBJECT_ID.test(second)) return { kind: first, id: second };
  if (second === 'coursesInfo' && segments.length === 3 && isCourseList(first) && OBJECT_ID.test(third)) return { kind: 'course', id: third };
  return null;
}

import { splitLocale } from '@/i18n/routing';
import { catalogueItemOf } from './catalogue-addresses';
import { isCourseList } from './catalogue';
import type { CourseList } from './catalogue';
import { VIEW_ROUTE_PREFIX, listAddressOf } from './catalogue-view';

// What the cached public pages and reads show, as cache tags, and what each change touches. Every
// cache of public answers (the page cache in front of Next, Next's rendered pages, the memoised
// reads) keeps an entry under the tags of its address; a change names the tags it touches, and only
// the entries carrying one of them are forgotten, on every instance (server/platform/public-changes.ts).
// A new kind of page is one more row in `tagsOfAddress`; an address it does not know is tagged
// EVERYTHING, so it is forgotten by any change rather than kept too long.

/** The tag of an entry no row describes, and of a change that touches everything (a re-seed). */
export const EVERYTHING = '*';

export const cacheTags = {
  /** The home pages: the newest books, the newest site reviews. */
  home: 'home',
  /** Search: its pages and its API, which show courses, books and instructors. */
  search: 'search',
  /** Every course list, in every view (a course edited may move from one list to another). */
  courseLists: 'course-lists',
  /** The Books List, in every view. */
  books: 'books',
  blogs: 'blogs',
  instructors: 'instructors',
  /** Every course and book detail page (they show the promo codes that apply). */
  itemPages: 'item-pages',
  course: (id: string) => `course:${id}`,
  book: (id: string) => `book:${id}`,
  blog: (id: string) => `blog:${id}`,
  /** One course list's pages (their cards show each course's price, rating and badges). */
  courseList: (list: CourseList) => `list:${list}`,
} as const;

const ID = '([0-9a-f]{24})';
const SEGMENT = '([A-Za-z0-9_-]+)';

/** The legacy API's public reads and what they show (app/api/public-reads.ts). */
const API_READS: [RegExp, (match: RegExpExecArray) => string[]][] = [
  [new RegExp(`^/api/course/${ID}$`), (match) => [cacheTags.course(match[1]!)]],
  [new RegExp(`^/api/books?/${ID}$`), (match) => [cacheTags.book(match[1]!)]],
  [new RegExp(`^/api/blogs?/${ID}$`), (match) => [cacheTags.blog(match[1]!)]],
  [new RegExp(`^/api/courses/${SEGMENT}$`), (match) => courseListTags(match[1]!)],
  [new RegExp(`^/api/instructors/${SEGMENT}$`), () => [cacheTags.instructors]],
  [/^\/api\/books$/, () => [cacheTags.books]],
  [/^\/api\/blogs$/, () => [cacheTags.blogs]],
  [/^\/api\/addreview$/, () => [cacheTags.home]],
  [/^\/api\/(searchCourse|search\/suggestions)$/, () => [cacheTags.search]],
];

function courseListTags(list: string): string[] {
  return isCourseList(list) ? [cacheTags.courseLists, cacheTags.courseList(list)] : [cacheTags.courseLists];
}

/** The tags of a list address or of the internal route its views render at (`/catalogue-view/classNine/…`). */
function listTags(path: string): string[] | null {
  if (path.startsWith(VIEW_ROUTE_PREFIX)) {
    const list = path.slice(VIEW_ROUTE_PREFIX.length).split('/')[0] ?? '';
    return list === 'books' ? [cacheTags.books] : courseListTags(list);
  }
  const address = listAddressOf(path);
  if (!address) return null;
  return address.list === 'books' ? [cacheTags.books] : courseListTags(address.list);
}

/** Tags of the detail pages (and their further review pages) of courses, books and blogs. */
function itemTags(path: string): string[] | null {
  const item = catalogueItemOf(path.replace(/\/reviews\/page\/[^/]+$/, ''));
  if (!item) return null;
  if (item.kind === 'blog') return [cacheTags.blog(item.id)];
  return [item.kind === 'course' ? cacheTags.course(item.id) : cacheTags.book(item.id), cacheTags.itemPages];
}

/**
 * What the public page or read at `address` (a path with or without its query and language prefix,
 * as a visitor asks for it or as Next keeps its rendered page) shows.
 */
export function tagsOfAddress(address: string): string[] {
  const pathOnly = address.split('?')[0] ?? '';
  if (pathOnly.startsWith('/api/')) {
    for (const [pattern, tags] of API_READS) {
      const match = pattern.exec(pathOnly);
      if (match) return tags(match);
    }
    return [EVERYTHING];
  }
  const path = splitLocale(pathOnly.replace(/(.)\/$/, '$1')).path;
  if (path === '/' || path === '/gradeEight' || path === '/gradeTwelve') return [cacheTags.home];
  if (path === '/blogs' || path.startsWith('/blogs/page/')) return [cacheTags.blogs];
  if (path === '/instructor' || path.startsWith('/instructor/')) return [cacheTags.instructors];
  if (path.startsWith('/searchCourse/')) return [cacheTags.search];
  if (path === '/sitemap.xml') return [cacheTags.courseLists, cacheTags.books, cacheTags.blogs, cacheTags.instructors];
  return listTags(path) ?? itemTags(path) ?? [EVERYTHING];
}

/** Whether an entry with `entryTags` shows something a change touching `changed` changed. */
export function touches(changed: readonly string[], entryTags: readonly string[]): boolean {
  if (changed.includes(EVERYTHING) || entryTags.includes(EVERYTHING)) return true;
  return entryTags.some((tag) => changed.includes(tag));
}

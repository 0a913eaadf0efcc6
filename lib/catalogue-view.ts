// How a course list, the Books List or the search results are sorted and filtered: the
// choices, the messages naming them and their addresses. Shared by the list controls in the
// browser, the pages and the proxy; the parsing of what arrives in a URL is in
// lib/schemas/catalogue-view.ts (zod is kept out of the browser bundle of the catalogue pages).
//
// A view lives in the query string (`?sort=price-asc&price=free&rating=4`) so it can be shared and
// bookmarked. Only values that differ from the default are written, always in this order, so one
// view has exactly one address (the proxy redirects any other spelling to it) and the plain list
// stays the one address crawlers index.

import { LIST_PAGES } from './catalogue';
import type { CourseList } from './catalogue';
import { parsePageNumber } from './pagination';

/** Course lists, the Books List and the course search results differ in which sorts they offer. */
export type ViewKind = 'courses' | 'books' | 'search';

/**
 * The sorts each kind offers, its default first. Books have no "popular": how many bought a book
 * is counted only in the orders (no counter is kept on the book, so no index could sort by it).
 * Search's default is its own order, best match first (server/platform/text-index.ts: findMatches).
 */
export const SORTS = {
  courses: ['newest', 'price-asc', 'price-desc', 'rating', 'popular'],
  books: ['newest', 'price-asc', 'price-desc', 'rating'],
  search: ['relevance', 'newest', 'price-asc', 'price-desc', 'rating', 'popular'],
} as const;

export type CatalogueSort = (typeof SORTS)[ViewKind][number];

export const PRICE_FILTERS = ['any', 'free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Minimum average rating (stars), or any; half stars because averages are shown to one decimal. */
export const RATING_FILTERS = ['any', '4.5', '4', '3.5', '3'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

export type CatalogueView = { sort: CatalogueSort; price: PriceFilter; rating: RatingFilter };

/** The query parameters a view uses, in the order its address writes them. */
export const VIEW_PARAMETERS = ['sort', 'price', 'rating'] as const;

/**
 * The `listControls` message naming each sort and rating filter (a price filter's message is named
 * after its value): message keys are camelCase and cannot hold the rating's dot.
 */
export const SORT_LABEL_KEYS = {
  relevance: 'relevance',
  newest: 'newest',
  'price-asc': 'priceAsc',
  'price-desc': 'priceDesc',
  rating: 'rating',
  popular: 'popular',
} as const satisfies Record<CatalogueSort, string>;

export const RATING_LABEL_KEYS = {
  any: 'any',
  '4.5': 'from45',
  '4': 'from4',
  '3.5': 'from35',
  '3': 'from3',
} as const satisfies Record<RatingFilter, string>;

export function defaultView(kind: ViewKind): CatalogueView {
  return { sort: SORTS[kind][0], price: 'any', rating: 'any' };
}

export function isDefaultView(kind: ViewKind, view: CatalogueView): boolean {
  const plain = defaultView(kind);
  return view.sort === plain.sort && view.price === plain.price && view.rating === plain.rating;
}

/** The smallest average rating shown, or null for any. */
export function minimumRating(view: CatalogueView): number | null {
  return view.rating === 'any' ? null : Number(view.rating);
}

/** The view's parameters without the default values, in their fixed order. */
export function viewParameters(kind: ViewKind, view: CatalogueView): [string, string][] {
  const plain = defaultView(kind);
  return VIEW_PARAMETERS.filter((name) => view[name] !== plain[name]).map((name) => [name, view[name]]);
}

/**
 * `path` with the view's query string (`/classes/nine?sort=price-asc`), plus any `extra` parameters
 * after it (search keeps its `page` there); the bare path for the default view.
 */
export function viewHref(path: string, kind: ViewKind, view: CatalogueView, extra: [string, string][] = []): string {
  const query = new URLSearchParams([...viewParameters(kind, view), ...extra]).toString();
  return query ? `${path}?${query}` : path;
}

// Sorted and filtered lists are rendered by one internal ISR route whose path carries the list, the
// view and the page (app/catalogue-view/[list]/[view]/[page]); the proxy rewrites list addresses
// with a view to it. Visitors never see its address, and it is a 404 when asked for directly.

export const VIEW_ROUTE_PREFIX = '/catalogue-view/';

/** The lists the internal route renders: every course list, and the Books List. */
export type ViewedList = CourseList | 'books';

const BOOKS_PATH = '/books';

/** The view as one path segment of the internal route (`price-asc_free_4`). */
export function viewSegment(view: CatalogueView): string {
  return `${view.sort}_${view.price}_${view.rating}`;
}

export function viewRoutePath(list: ViewedList, view: CatalogueView, page: number): string {
  return `${VIEW_ROUTE_PREFIX}${list}/${viewSegment(view)}/${page}`;
}

export type ListAddress = { list: ViewedList; kind: 'courses' | 'books'; basePath: string; page: number };

const LIST_BY_PATH = new Map<string, { list: ViewedList; kind: 'courses' | 'books' }>([
  ...LIST_PAGES.map((page) => [page.href, { list: page.list, kind: 'courses' as const }] as const),
  [BOOKS_PATH, { list: 'books', kind: 'books' }],
]);

/**
 * The list and page of a list address (`/classes/nine`, `/courses/page/3`, `/books/page/2`), or
 * null. Only a list's own address counts: aliases (`/classes/one`) and `/page/1` redirect to it on
 * the list's route first, and an impossible page is the route's 404.
 */
export function listAddressOf(pathname: string): ListAddress | null {
  const match = /^(\/[^/]+(?:\/[^/]+)?)\/page\/([^/]+)$/.exec(pathname);
  const basePath = match ? match[1]! : pathname;
  const found = LIST_BY_PATH.get(basePath);
  if (!found) return null;
  const page = match ? parsePageNumber(match[2]) : 1;
  if (page === null || (match && page === 1)) return null;
  return { ...found, basePath, page };
}

const SEARCH_PATH = /^\/searchCourse\/[^/]+$/;

/** The kind of view an address can carry: a list's, the search results', or none. */
export function viewKindOf(pathname: string): ViewKind | null {
  if (SEARCH_PATH.test(pathname)) return 'search';
  return listAddressOf(pathname)?.kind ?? null;
}

import { z } from 'zod';
import { PRICE_FILTERS, RATING_FILTERS, SORTS, viewHref, VIEW_PARAMETERS } from '../catalogue-view';
import type { CatalogueView, ViewKind } from '../catalogue-view';

// The sort and filters of a list or of the search results, as they arrive in a URL
// (lib/catalogue-view.ts). A value that is missing, unknown or repeated oddly means the default:
// a view parameter never makes a list fail (no 404, never a 5xx), and the proxy redirects the
// address to the view's one spelling, so `?sort=bogus` lands on the plain list.

/** A repeated parameter counts by its first value, as URLSearchParams.get reads it. */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

function lenient<const Values extends readonly [string, ...string[]]>(values: Values, fallback: Values[number]) {
  return z.preprocess(firstValue, z.enum(values)).catch(fallback);
}

const schemas = {
  courses: z.object({ sort: lenient(SORTS.courses, 'newest'), price: lenient(PRICE_FILTERS, 'any'), rating: lenient(RATING_FILTERS, 'any') }),
  books: z.object({ sort: lenient(SORTS.books, 'newest'), price: lenient(PRICE_FILTERS, 'any'), rating: lenient(RATING_FILTERS, 'any') }),
  search: z.object({ sort: lenient(SORTS.search, 'relevance'), price: lenient(PRICE_FILTERS, 'any'), rating: lenient(RATING_FILTERS, 'any') }),
} satisfies Record<ViewKind, z.ZodType<CatalogueView>>;

/** The view a page's search parameters (or any record of query values) ask for; never throws. */
export function parseCatalogueView(kind: ViewKind, query: Record<string, unknown>): CatalogueView {
  return schemas[kind].parse(query);
}

export function catalogueViewFromSearchParams(kind: ViewKind, params: URLSearchParams): CatalogueView {
  return parseCatalogueView(kind, Object.fromEntries(VIEW_PARAMETERS.map((name) => [name, params.get(name) ?? undefined])));
}

/**
 * The internal route's view segment (`price-asc_free_4`, lib/catalogue-view.ts viewSegment). Only
 * the proxy writes it, so anything else is refused (null: the route answers 404).
 */
export function parseViewSegment(kind: 'courses' | 'books', segment: string): CatalogueView | null {
  const parsed = z
    .tuple([z.enum(SORTS[kind]), z.enum(PRICE_FILTERS), z.enum(RATING_FILTERS)])
    .safeParse(segment.split('_'));
  if (!parsed.success) return null;
  const [sort, price, rating] = parsed.data;
  return { sort, price, rating };
}

/**
 * The one address of the view a request asks for: `path` with the view's parameters (defaults
 * left out, fixed order) followed by the request's other parameters as they came (search keeps its
 * `page`). Applied to its own result it gives the same string, so redirecting to it cannot loop.
 */
export function canonicalViewAddress(kind: ViewKind, path: string, params: URLSearchParams): { href: string; view: CatalogueView } {
  const view = catalogueViewFromSearchParams(kind, params);
  const others = [...params.entries()].filter(([name]) => !(VIEW_PARAMETERS as readonly string[]).includes(name));
  return { href: viewHref(path, kind, view, others), view };
}

/** Whether a request carries any view parameter at all (only those are looked at by the proxy). */
export function hasViewParameters(params: URLSearchParams): boolean {
  return VIEW_PARAMETERS.some((name) => params.has(name));
}

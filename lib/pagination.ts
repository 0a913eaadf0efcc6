// Page numbers of the catalogue lists. Page 1 lives at the list's own address and page N at
// `<list>/page/N`, so every page is a plain path the server can render once and cache (ISR).

export type PageInfo = { page: number; pageCount: number; total: number; pageSize: number };

/** A page number from a URL segment: a positive integer without sign or leading zeros, else null. */
export function parsePageNumber(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function skipFor(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** The address of page `page` of the list at `basePath` (which has no trailing slash, except "/"). */
export function listPagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath.replace(/\/$/, '')}/page/${page}`;
}

/** The address of a page of search results, which keeps its number in `?page=` (search is dynamic). */
export function queryPagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}?page=${page}`;
}

import 'server-only';
import { NextResponse } from 'next/server';
import { pageCountOf } from '@/lib/pagination';
import { HttpError } from './http';

// Helpers shared by the legacy read endpoints: strict query parsing and the old answer shapes.

/** Catalogue reads change when an admin edits; clients must revalidate (the update forms prefill from them). */
export const PUBLIC_READ_HEADERS = { 'Cache-Control': 'no-cache' } as const;

/**
 * The query string as a plain object for a strict zod schema. A repeated parameter would be an
 * array where a string belongs, so it is refused rather than silently picking one value.
 */
export function queryOf(searchParams: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of searchParams) {
    if (Object.hasOwn(query, key)) throw new HttpError(400, `Repeated query parameter: ${key.slice(0, 40)}`);
    query[key] = value;
  }
  return query;
}

/** An old-style array answer; the paging totals travel in headers so the body keeps the old shape. */
export function legacyListResponse<Item>(items: Item[], paging: { page: number; pageSize: number; total: number }): NextResponse {
  return NextResponse.json(items, {
    headers: {
      ...PUBLIC_READ_HEADERS,
      'X-Total-Count': String(paging.total),
      'X-Page': String(paging.page),
      'X-Page-Count': String(pageCountOf(paging.total, paging.pageSize)),
    },
  });
}

/** One old-style document, or 404 with a message when there is none. */
export function legacyItemResponse<Item>(item: Item | null, notFoundMessage: string): NextResponse {
  if (item === null) throw new HttpError(404, notFoundMessage);
  return NextResponse.json(item, { headers: PUBLIC_READ_HEADERS });
}

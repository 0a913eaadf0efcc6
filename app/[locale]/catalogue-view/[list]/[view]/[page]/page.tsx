import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ACADEMIC_PAGES, LIST_PAGES } from '@/lib/catalogue';
import type { ListPage } from '@/lib/catalogue';
import type { CatalogueView } from '@/lib/catalogue-view';
import { parsePageNumber } from '@/lib/pagination';
import { parseViewSegment } from '@/lib/schemas/catalogue-view';
import { AcademicList, academicMetadata } from '../../../../classes/academic-list';
import { SkillList, skillMetadata } from '../../../../courses/skill-list';
import { BooksList, booksMetadata } from '../../../../books/books-list';
import { variantMetadata } from '@/app/_catalogue/seo';

// Sorted and filtered course lists and Books List, e.g. /classes/nine/page/2?sort=price-asc.
// The proxy rewrites such an address here (proxy.ts, lib/catalogue-view.ts); a direct request for
// this path is its 404. The path carries everything the page shows, so each variant is an ISR page
// like the plain lists: rendered on its first request, kept, refreshed at most every 5 minutes and
// at once after a catalogue change (server/catalogue/catalogue-cache.ts, server/platform/public-changes.ts).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ list: string; view: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ list: string; view: string; page: string }> };

type Resolved =
  | { kind: 'books'; page: number; view: CatalogueView }
  | { kind: 'courses'; list: ListPage; academic: boolean; page: number; view: CatalogueView };

/** The list, view and page the path names, or a 404 (only the proxy writes these paths). */
async function resolve(params: Props['params']): Promise<Resolved> {
  const raw = await params;
  const page = parsePageNumber(raw.page);
  if (page === null) notFound();
  if (raw.list === 'books') {
    const view = parseViewSegment('books', raw.view);
    if (!view) notFound();
    return { kind: 'books', page, view };
  }
  const list = LIST_PAGES.find((candidate) => candidate.list === raw.list);
  const view = parseViewSegment('courses', raw.view);
  if (!list || !view) notFound();
  return { kind: 'courses', list, academic: ACADEMIC_PAGES.includes(list), page, view };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const resolved = await resolve(params);
  // The plain list's title and canonical address: this variant is not indexed on its own.
  if (resolved.kind === 'books') return variantMetadata(await booksMetadata(resolved.page));
  const { list, academic, page } = resolved;
  return variantMetadata(await (academic ? academicMetadata(list, page) : skillMetadata(list, page)));
}

export default async function CatalogueViewPage({ params }: Props) {
  const resolved = await resolve(params);
  if (resolved.kind === 'books') return <BooksList page={resolved.page} view={resolved.view} />;
  const { list, academic, page, view } = resolved;
  return academic ? <AcademicList list={list} page={page} view={view} /> : <SkillList list={list} page={page} view={view} />;
}

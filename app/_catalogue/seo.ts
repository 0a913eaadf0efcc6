import 'server-only';
import type { Metadata } from 'next';
import { siteUrl } from '@/server/env';

// Metadata shared by the catalogue pages: title, description, canonical address and OpenGraph.

/** An absolute address on this site, for JSON-LD (metadata resolves relative ones itself). */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl()).toString();
}

type PageMetadataInput = {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: 'website' | 'article' | 'book';
};

/** Descriptions are cut at a word boundary near 160 characters, the length search results show. */
export function metaDescription(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

export function pageMetadata({ title, description, path, image, type = 'website' }: PageMetadataInput): Metadata {
  const summary = metaDescription(description);
  return {
    title,
    description: summary,
    alternates: { canonical: path },
    openGraph: {
      title,
      description: summary,
      url: path,
      type,
      siteName: 'Knowledge Zone',
      ...(image ? { images: [{ url: image, alt: title }] } : {}),
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description: summary },
  };
}

/** " — page N" for the later pages of a list, so every page has its own title. */
export function pageSuffix(page: number): string {
  return page > 1 ? ` — page ${page}` : '';
}

/**
 * A sorted or filtered variant of a list or of search results: the canonical address stays the
 * plain one (`metadata`'s), and crawlers follow its links but index only that one copy.
 */
export function variantMetadata(metadata: Metadata): Metadata {
  return { ...metadata, robots: { index: false, follow: true } };
}

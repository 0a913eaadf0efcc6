import 'server-only';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { siteUrl } from '@/server/platform/env';
import { isLocale, localePath, routing } from '@/i18n/routing';

// Metadata shared by the public pages: title, description, canonical address, the page's language
// alternates (hreflang) and OpenGraph.

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

/**
 * The canonical address of the page at `path` (its English address) in the language being rendered,
 * and its address in every language (hreflang; English is the x-default).
 */
export async function localeAlternates(path: string): Promise<{ canonical: string; languages: Record<string, string> }> {
  const current = await getLocale();
  const locale = isLocale(current) ? current : routing.defaultLocale;
  const languages: Record<string, string> = { 'x-default': path };
  for (const other of routing.locales) languages[other] = localePath(other, path);
  return { canonical: localePath(locale, path), languages };
}

export async function pageMetadata({ title, description, path, image, type = 'website' }: PageMetadataInput): Promise<Metadata> {
  const summary = metaDescription(description);
  const [alternates, t] = await Promise.all([localeAlternates(path), getTranslations('site')]);
  return {
    title,
    description: summary,
    alternates,
    openGraph: {
      title,
      description: summary,
      url: alternates.canonical,
      type,
      siteName: t('name'),
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

import 'server-only';
import { byTranslationLocale, translatedTexts } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import { LIMITS } from '@/lib/catalogue';
import { excerpt, isLongerThan } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { collection, parseObjectId, withDb } from '../platform/db';
import type { BlogDocument } from '../platform/documents';
import { readByIdTogether } from '../platform/reads-by-id';

// Reads of the blog, as plain objects (`_id` → `id`). Each read is memoized per request with
// React cache().

export const BLOGS_PER_PAGE = 24;

/** A blog card: the description is already cut to 255 characters (docs/product.md §9). */
export type BlogSummary = {
  id: string;
  title: string;
  img: string;
  date: string;
  writerName: string;
  excerpt: string;
  /** The description is longer than the excerpt, so the card links to Read More ... */
  hasMore: boolean;
  /** The translated titles and excerpts, where an admin gave them (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
};

export type Blog = {
  id: string;
  title: string;
  img: string;
  date: string;
  writerName: string;
  description: string;
  translations?: Translations<ItemText>;
  createdAt: string;
};

export type BlogPage = PageInfo & { items: BlogSummary[] };

/** The translations with each description cut to the excerpt a card shows. */
function excerpts(translations: Translations<ItemText>): Translations<ItemText> {
  return byTranslationLocale((locale) => {
    const texts = translations[locale];
    return texts?.description ? { ...texts, description: excerpt(texts.description, LIMITS.blogExcerpt) } : texts;
  });
}

function toSummary(document: BlogDocument): BlogSummary {
  return {
    id: document._id.toHexString(),
    title: document.title,
    img: document.img,
    date: document.date,
    writerName: document.writerName,
    excerpt: excerpt(document.description, LIMITS.blogExcerpt),
    hasMore: [document.description, ...translatedTexts(document.translations, 'description')].some((text) => isLongerThan(text, LIMITS.blogExcerpt)),
    ...(document.translations ? { translations: excerpts(document.translations) } : {}),
  };
}

function toBlog(document: BlogDocument): Blog {
  return {
    id: document._id.toHexString(),
    title: document.title,
    img: document.img,
    date: document.date,
    writerName: document.writerName,
    description: document.description,
    ...(document.translations ? { translations: document.translations } : {}),
    createdAt: document.createdAt.toISOString(),
  };
}

/** One page of Blogs, newest first. */
export const listBlogs = cache(async (page: number): Promise<BlogPage> =>
  withDb(async () => {
    const blogs = await collection('blogs');
    const [documents, total] = await Promise.all([
      blogs
        .find({})
        .sort({ createdAt: -1, _id: -1 })
        .skip(skipFor(page, BLOGS_PER_PAGE))
        .limit(BLOGS_PER_PAGE)
        .toArray(),
      blogs.estimatedDocumentCount(),
    ]);
    return {
      items: documents.map(toSummary),
      page,
      pageCount: pageCountOf(total, BLOGS_PER_PAGE),
      total,
      pageSize: BLOGS_PER_PAGE,
    };
  }),
);

/** One blog post, or null when the id is malformed or unknown (the page answers 404 either way). */
export const getBlog = cache(async (id: string): Promise<Blog | null> => {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  return withDb(async () => {
    const blogs = await collection('blogs');
    const document = await blogs.findOne({ _id: objectId });
    return document ? toBlog(document) : null;
  });
});

/** Every blog id, for the sitemap. */
export const listAllBlogIds = cache(async (): Promise<string[]> =>
  withDb(async () => {
    const blogs = await collection('blogs');
    const documents = await blogs.find({}, { projection: { _id: 1 } }).toArray();
    return documents.map((document) => document._id.toHexString());
  }),
);

// Whole documents for the legacy API, which answers in the old document shape (server/legacy/legacy-shapes.ts).

const blogDocumentById = readByIdTogether((ids) => withDb(async () => (await collection('blogs')).find({ _id: { $in: ids } }).toArray()));

/** One blog document, or null when there is none. */
export async function findBlogDocument(id: ObjectId): Promise<BlogDocument | null> {
  return blogDocumentById(id);
}

/**
 * A window of the blog documents in the order they were added, and their total: the old server
 * listed them unsorted (insertion order) and its client shows the last ones as the newest. The
 * `_id` index answers the sort.
 */
export async function listBlogDocuments(skip: number, limit: number): Promise<{ documents: BlogDocument[]; total: number }> {
  return withDb(async () => {
    const blogs = await collection('blogs');
    const [documents, total] = await Promise.all([
      blogs.find({}).sort({ _id: 1 }).skip(skip).limit(limit).toArray(),
      blogs.estimatedDocumentCount(),
    ]);
    return { documents, total };
  });
}

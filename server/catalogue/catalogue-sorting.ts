import 'server-only';
import type { ObjectId } from 'mongodb';
import { minimumRating } from '@/lib/catalogue-view';
import type { CatalogueSort, CatalogueView } from '@/lib/catalogue-view';

// The database side of a list's sort and filters (lib/catalogue-view.ts): the MongoDB filter and
// sort of course lists and the Books List, and the same order applied in memory to search matches.
//
// Every sort ends with `_id` in the sort key's direction, so items that tie (same price, same
// rating, no reviews at all) keep one order and a page never repeats or skips one. Each sort is
// answered by an index of server/platform/db.ts INDEXES whose keys are the list's equality (classCourse),
// the sort key, `_id`, then the filter fields that are not the sort key: MongoDB walks the index
// in order, checks the filters on its keys and stops after the page, and counts from it too.

type Direction = 1 | -1;

/** Each database sort: the field and its direction (`title` is search's own order, by its index). */
const SORT_FIELDS: Record<Exclude<CatalogueSort, 'relevance'>, [field: 'createdAt' | 'priceCents' | 'averageRating' | 'Enrolled', direction: Direction]> = {
  newest: ['createdAt', -1],
  'price-asc': ['priceCents', 1],
  'price-desc': ['priceCents', -1],
  // Without reviews `averageRating` is absent (or 0 once the last review went), which sorts below
  // every average in a descending sort: unrated items come last.
  rating: ['averageRating', -1],
  popular: ['Enrolled', -1],
};

export type CatalogueSortSpec = Record<string, Direction>;

/** The MongoDB sort of a list view: its key, then `_id` the same way. Lists offer no title order (only search does): it reads as their default. */
export function catalogueSort(sort: CatalogueSort): CatalogueSortSpec {
  const [field, direction] = SORT_FIELDS[sort === 'relevance' ? 'newest' : sort];
  return { [field]: direction, _id: direction };
}

export type CatalogueFilter = {
  priceCents?: number | { $gt: number };
  averageRating?: { $gte: number };
};

/** The view's filters: free is a price of 0, paid above it; a minimum rating bounds the average. */
export function catalogueFilter(view: CatalogueView): CatalogueFilter {
  const filter: CatalogueFilter = {};
  if (view.price === 'free') filter.priceCents = 0;
  else if (view.price === 'paid') filter.priceCents = { $gt: 0 };
  const rating = minimumRating(view);
  if (rating !== null) filter.averageRating = { $gte: rating };
  return filter;
}

/** The fields a search match needs to be filtered and sorted like a list. */
export type SortableFields = {
  _id: ObjectId;
  createdAt?: Date;
  priceCents?: number;
  averageRating?: number;
  Enrolled?: number;
};

export const SORTABLE_PROJECTION = { createdAt: 1, priceCents: 1, averageRating: 1, Enrolled: 1 } as const;

/** A missing field sorts below every number and date, as MongoDB orders null. */
function compareValues(a: number | Date | undefined, b: number | Date | undefined): number {
  const left = a instanceof Date ? a.getTime() : a;
  const right = b instanceof Date ? b.getTime() : b;
  if (left === right) return 0;
  if (left === undefined || left === null) return -1;
  if (right === undefined || right === null) return 1;
  return left < right ? -1 : 1;
}

/**
 * The comparator of `catalogueSort` for items in memory (search matches, which come from the
 * search index rather than a list's): the same key, nulls and `_id` tie-break as MongoDB.
 */
export function compareForSort(sort: Exclude<CatalogueSort, 'relevance'>): (a: SortableFields, b: SortableFields) => number {
  const [field, direction] = SORT_FIELDS[sort];
  return (a, b) => direction * (compareValues(a[field], b[field]) || compareIds(a._id, b._id));
}

/** ObjectIds compare as their bytes, which their fixed-length hex spellings preserve. */
function compareIds(a: ObjectId, b: ObjectId): number {
  const left = a.toHexString();
  const right = b.toHexString();
  return left === right ? 0 : left < right ? -1 : 1;
}

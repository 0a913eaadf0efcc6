import 'server-only';
import { cache } from 'react';
import { collection, withDb } from './db';

// Reads of the reviews shown on the home page, as plain objects (`_id` → `id`).

export type Review = {
  id: string;
  name: string;
  comment: string;
  /** 0 to 5 (the legacy field name is kept: spec §3). */
  ratting: number;
  image: string;
  createdAt: string;
};

const NEWEST_MAX = 50;

/** The newest reviews first (spec §9: the home carousel shows the newest 3). */
export const listNewestReviews = cache(async (limit: number): Promise<Review[]> =>
  withDb(async () => {
    const count = Math.min(Math.max(Math.trunc(limit), 1), NEWEST_MAX);
    const reviews = await collection('reviews');
    const documents = await reviews
      .find({}, { projection: { name: 1, comment: 1, ratting: 1, image: 1, createdAt: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(count)
      .toArray();
    return documents.map((document) => ({
      id: document._id.toHexString(),
      name: document.name,
      comment: document.comment,
      ratting: document.ratting,
      image: document.image,
      createdAt: document.createdAt.toISOString(),
    }));
  }),
);

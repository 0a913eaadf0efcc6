import type { MyItemReview } from '@/lib/item-reviews';

/** A visitor's own review as the API answers it, with `overrides`. */
export function myReview(overrides: Partial<MyItemReview> = {}): MyItemReview {
  return {
    id: 'review-1',
    rating: 4,
    body: 'Clear and practical.',
    authorName: 'Rina',
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    edited: false,
    verifiedBuyer: true,
    reply: null,
    hidden: false,
    hiddenReason: null,
    ...overrides,
  };
}

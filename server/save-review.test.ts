import { ObjectId } from 'mongodb';
import { usePrivateDatabase } from '@/tests/support/private-database';
import { RATING_MESSAGE } from '@/lib/schemas/review';
import { closeDb, collection } from './db';
import { DEFAULT_REVIEW_IMAGE, findUserReview, listNewestReviews, saveReview } from './reviews';

usePrivateDatabase('kz_jest_reviews');
afterAll(closeDb);

function reviewer(image: string | null = '/media/0123456789abcdef01234567') {
  return { id: new ObjectId().toHexString(), name: 'Nadia Islam', image };
}

async function reviewsOf(userId: string) {
  return (await collection('reviews')).find({ userId: new ObjectId(userId) }).toArray();
}

describe('saveReview', () => {
  it('stores the review with the name and picture of the account', async () => {
    const user = reviewer();

    const result = await saveReview(user, { ratting: 4.5, comment: '  Clear lessons and kind teachers.  ' });

    expect(result).toMatchObject({ ok: true, data: { name: 'Nadia Islam', image: user.image, ratting: 4.5, comment: 'Clear lessons and kind teachers.' } });
    expect(await reviewsOf(user.id)).toHaveLength(1);
    expect((await listNewestReviews(1))[0]).toMatchObject({ name: 'Nadia Islam', comment: 'Clear lessons and kind teachers.' });
  });

  it('uses the default avatar when the account has no picture', async () => {
    const user = reviewer(null);
    expect(await saveReview(user, { ratting: 3, comment: 'Good.' })).toMatchObject({ ok: true, data: { image: DEFAULT_REVIEW_IMAGE } });
  });

  it('keeps one review per user: a second submission replaces the first', async () => {
    const user = reviewer();
    await saveReview(user, { ratting: 2, comment: 'First thoughts.' });

    const second = await saveReview(user, { ratting: 5, comment: 'Changed my mind, it is great.' });

    expect(second.ok).toBe(true);
    const stored = await reviewsOf(user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ratting: 5, comment: 'Changed my mind, it is great.' });
    expect(await findUserReview(user.id)).toMatchObject({ ratting: 5 });
  });

  it('keeps one review per user when two submissions race', async () => {
    const user = reviewer();
    const results = await Promise.all([1, 2, 3, 4].map((ratting) => saveReview(user, { ratting, comment: `Try ${ratting}` })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await reviewsOf(user.id)).toHaveLength(1);
  });

  it.each([[-1], [5.5], [6], [Number.NaN], ['3'], [null]])('answers the spec message for the rating %p and stores nothing', async (ratting) => {
    const user = reviewer();
    const result = await saveReview(user, { ratting, comment: 'Fine.' });
    expect(result).toMatchObject({ ok: false, fieldErrors: { ratting: [RATING_MESSAGE] } });
    expect(RATING_MESSAGE).toBe('Ratting Will Be Between 0 to 5 ');
    expect(await reviewsOf(user.id)).toHaveLength(0);
  });

  it('accepts the bounds 0 and 5', async () => {
    expect((await saveReview(reviewer(), { ratting: 0, comment: 'Not for me.' })).ok).toBe(true);
    expect((await saveReview(reviewer(), { ratting: 5, comment: 'Perfect.' })).ok).toBe(true);
  });

  it('limits the comment to 120 characters and requires it', async () => {
    const user = reviewer();
    expect(await saveReview(user, { ratting: 4, comment: 'x'.repeat(121) })).toMatchObject({ ok: false, fieldErrors: { comment: ['Comment must be at most 120 characters'] } });
    expect(await saveReview(user, { ratting: 4, comment: '   ' })).toMatchObject({ ok: false, fieldErrors: { comment: ['Comment is required'] } });
    expect((await saveReview(user, { ratting: 4, comment: 'y'.repeat(120) })).ok).toBe(true);
  });

  it('refuses a name, picture or operator sent in the body', async () => {
    const user = reviewer();
    expect((await saveReview(user, { ratting: 4, comment: 'Nice.', name: 'Someone Else' })).ok).toBe(false);
    expect((await saveReview(user, { ratting: 4, comment: 'Nice.', image: 'https://evil.example/x.png' })).ok).toBe(false);
    expect((await saveReview(user, { ratting: { $gt: -1 }, comment: 'Nice.' })).ok).toBe(false);
    expect(await reviewsOf(user.id)).toHaveLength(0);
  });
});

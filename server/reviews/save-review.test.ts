import { ObjectId } from 'mongodb';
import { revalidateTag } from 'next/cache';
import { NextRequest } from 'next/server';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller, clearPageCacheRecords, timesForgotten } from '@/tests/support/signed-in-caller';
import { RATING_MESSAGE } from '@/lib/schemas/review';
import { saveReviewAction } from '@/server/actions/reviews';
import { POST as postReview } from '@/app/api/addreview/route';
import { closeDb, collection } from '../platform/db';
import { DEFAULT_REVIEW_IMAGE, findUserReview, listNewestReviews, saveReview } from './reviews';
import type { User } from '../accounts/users';
import { TOO_MANY_WRITES, WRITE_LIMITS } from '../platform/write-limits';
import { englishText } from '@/server/platform/english-text';

selectPrivateDatabase('kz_jest_reviews');
afterAll(closeDb);

jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

beforeEach(() => {
  jest.mocked(revalidateTag).mockClear();
  clearPageCacheRecords();
});

function reviewer(image: string | null = '/media/0123456789abcdef01234567') {
  return { id: new ObjectId().toHexString(), name: 'Nadia Islam', image };
}

function signIn(user: ReturnType<typeof reviewer>): void {
  caller.user = { ...user, email: `reviewer-${user.id}@example.com`, role: 'user' } as User;
}

function postThroughApi(body: unknown): Promise<Response> {
  const request = new NextRequest('http://127.0.0.1:3000/api/addreview', {
    method: 'POST',
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return postReview(request, { params: Promise.resolve({}) });
}

async function allowanceUsed(userId: string): Promise<number> {
  return (await (await collection('rateLimits')).findOne({ _id: `review:${userId}` }))?.failures ?? 0;
}

/** How often the cached home pages were dropped (Next's cache and the shared page cache). */
function homeRefreshes() {
  const next = jest.mocked(revalidateTag).mock.calls.filter(([tag]) => tag === 'home').length;
  return { next, shared: timesForgotten('/') };
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
    expect(englishText(RATING_MESSAGE)).toBe('Ratting Will Be Between 0 to 5 ');
    expect(await reviewsOf(user.id)).toHaveLength(0);
  });

  it('accepts the bounds 0 and 5', async () => {
    expect((await saveReview(reviewer(), { ratting: 0, comment: 'Not for me.' })).ok).toBe(true);
    expect((await saveReview(reviewer(), { ratting: 5, comment: 'Perfect.' })).ok).toBe(true);
  });

  it('limits the comment to 120 characters and requires it', async () => {
    const user = reviewer();
    expect(await saveReview(user, { ratting: 4, comment: 'x'.repeat(121) })).toMatchObject({ ok: false, fieldErrors: { comment: ['commentMustBeAtMost120Characters'] } });
    expect(await saveReview(user, { ratting: 4, comment: '   ' })).toMatchObject({ ok: false, fieldErrors: { comment: ['commentIsRequired'] } });
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

describe('the review write limit, whichever door', () => {
  it('limits the Add Review form’s server action: past the allowance a clear message, and nothing changes', async () => {
    const user = reviewer();
    signIn(user);
    const { max } = WRITE_LIMITS.review;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect(await saveReviewAction({ ratting: attempt % 6, comment: `Attempt ${attempt}` })).toEqual({ ok: true, data: undefined });
    }

    expect(await saveReviewAction({ ratting: 5, comment: 'One too many' })).toEqual({ ok: false, message: TOO_MANY_WRITES });

    expect(await findUserReview(user.id)).toMatchObject({ comment: `Attempt ${max}` });
    expect(homeRefreshes()).toEqual({ next: max, shared: max });
  });

  it('shares one allowance between the server action and POST /api/addreview, and answers the API 429 with Retry-After', async () => {
    const user = reviewer();
    signIn(user);
    expect((await postThroughApi({ comment: 'From the old client', ratting: 4 })).status).toBe(200);
    expect(await saveReviewAction({ comment: 'From the form', ratting: 5 })).toMatchObject({ ok: true });
    // Bad input is told what is wrong through either door and never counted.
    expect((await postThroughApi({ comment: 'Bad', ratting: 9 })).status).toBe(400);
    expect(await saveReviewAction({ comment: '', ratting: 5 })).toMatchObject({ ok: false, fieldErrors: { comment: expect.any(Array) } });
    expect(await allowanceUsed(user.id)).toBe(2);

    const { max, windowSeconds } = WRITE_LIMITS.review;
    await (await collection('rateLimits')).updateOne({ _id: `review:${user.id}` }, { $set: { failures: max } });

    const refused = await postThroughApi({ comment: 'Spam', ratting: 1 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowSeconds);
    expect(await saveReviewAction({ comment: 'Spam', ratting: 1 })).toEqual({ ok: false, message: TOO_MANY_WRITES });
    expect(await findUserReview(user.id)).toMatchObject({ comment: 'From the form' });
  });
});

describe('refreshing the home page after a review', () => {
  it('refreshes the home pages for a review posted through POST /api/addreview', async () => {
    const user = reviewer();
    signIn(user);

    const answer = await postThroughApi({ comment: 'Posted by the old client', ratting: 4 });

    expect(answer.status).toBe(200);
    expect(homeRefreshes()).toEqual({ next: 1, shared: 1 });
    expect((await listNewestReviews(3))[0]).toMatchObject({ name: 'Nadia Islam', comment: 'Posted by the old client' });
  });

  it('refreshes nothing for a resubmission that changes nothing the home page shows', async () => {
    const user = reviewer();
    signIn(user);
    const review = { comment: 'Same words every time', ratting: 5 };
    await saveReviewAction(review);
    const first = await findUserReview(user.id);
    expect(homeRefreshes()).toEqual({ next: 1, shared: 1 });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await saveReviewAction(review)).toEqual({ ok: true, data: undefined });
      expect((await postThroughApi(review)).status).toBe(200);
    }

    expect(homeRefreshes()).toEqual({ next: 1, shared: 1 });
    expect(await findUserReview(user.id)).toEqual(first);
    // A change the carousel shows refreshes it again.
    await saveReviewAction({ ...review, ratting: 4 });
    expect(homeRefreshes()).toEqual({ next: 2, shared: 2 });
  });

  it('moves an unchanged review back to the front (a visible change) when newer ones pushed it back', async () => {
    const user = reviewer();
    const other = reviewer();
    const review = { comment: 'Still true', ratting: 5 };
    await saveReview(user, review);
    await saveReview(other, { comment: 'Newer', ratting: 3 });
    const before = homeRefreshes().shared;

    await saveReview(user, review);

    expect(homeRefreshes().shared).toBe(before + 1);
    expect((await listNewestReviews(1))[0]).toMatchObject({ comment: 'Still true' });
  });
});

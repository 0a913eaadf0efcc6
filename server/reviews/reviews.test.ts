import { ObjectId } from 'mongodb';
import { closeDb, collection } from '../platform/db';
import { listNewestReviews } from './reviews';

// Other suites may write reviews to the same database at the same time, so this one dates its
// reviews in the far future (they are the newest whatever else exists) and removes only its own.
const FUTURE = Date.UTC(2100, 0, 1);
const inserted: ObjectId[] = [];

afterAll(async () => {
  await (await collection('reviews')).deleteMany({ _id: { $in: inserted } });
  await closeDb();
});

function review(name: string, minutesBeforeFuture: number) {
  const _id = new ObjectId();
  inserted.push(_id);
  return {
    _id,
    userId: new ObjectId(),
    name,
    comment: `${name} liked it`,
    ratting: 4,
    image: `/demo/reviewers/${name.toLowerCase()}.webp`,
    createdAt: new Date(FUTURE - minutesBeforeFuture * 60_000),
  };
}

describe('listNewestReviews', () => {
  it('returns the newest reviews first as plain objects', async () => {
    await (await collection('reviews')).insertMany([review('Old', 40), review('Newest', 1), review('Middle', 20), review('Newer', 10)]);

    const reviews = await listNewestReviews(3);

    expect(reviews.map((item) => item.name)).toEqual(['Newest', 'Newer', 'Middle']);
    expect(reviews[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Newest',
      comment: 'Newest liked it',
      ratting: 4,
      image: '/demo/reviewers/newest.webp',
      createdAt: new Date(FUTURE - 60_000).toISOString(),
    });
    expect(JSON.parse(JSON.stringify(reviews))).toEqual(reviews);
  });

  it('caps the limit to a sane range', async () => {
    // The first test's reviews are still there: a zero or negative limit still answers one.
    expect(await listNewestReviews(0)).toHaveLength(1);
  });
});

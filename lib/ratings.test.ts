import fc from 'fast-check';
import { averageOf, largestRemainderPercents, ratingSummary } from './ratings';

describe('largestRemainderPercents', () => {
  it('adds up to exactly 100 where plain rounding would not', () => {
    // Plain rounding: 33 + 33 + 33 = 99, and 17 + 17 + 17 + 17 + 17 + 17 = 102 for sixths.
    // A tie of remainders goes to the higher star.
    expect(largestRemainderPercents([1, 1, 1, 0, 0])).toEqual([33, 33, 34, 0, 0]);
    expect(largestRemainderPercents([1, 1, 1, 1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('gives the points left over to the largest remainders', () => {
    // 2/7, 2/7, 3/7 = 28.57, 28.57, 42.86: floors 28 + 28 + 42 = 98; the two largest remainders (.86, then .57 of the later one) get one each.
    expect(largestRemainderPercents([0, 0, 2, 2, 3])).toEqual([0, 0, 28, 29, 43]);
    // 12 reviews: 1 one-star, 1 three-star, 2 four-star, 8 five-star.
    expect(largestRemainderPercents([1, 0, 1, 2, 8])).toEqual([8, 0, 8, 17, 67]);
  });

  it('is exact when the shares are whole, and all zero without reviews', () => {
    expect(largestRemainderPercents([1, 1, 1, 1, 0])).toEqual([25, 25, 25, 25, 0]);
    expect(largestRemainderPercents([0, 0, 0, 0, 4])).toEqual([0, 0, 0, 0, 100]);
    expect(largestRemainderPercents([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
  });

  it('always adds up to 100, never moves a share by a whole point or more, and leaves empty stars at 0', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 5, maxLength: 5 }).filter((counts) => counts.some((count) => count > 0)), (counts) => {
        const percents = largestRemainderPercents(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
        counts.forEach((count, index) => {
          const exact = (count * 100) / total;
          expect(Math.abs((percents[index] ?? 0) - exact)).toBeLessThan(1);
          if (count === 0) expect(percents[index]).toBe(0);
        });
      }),
    );
  });
});

describe('ratingSummary', () => {
  it('is null for an item nobody reviewed (cards then show nothing)', () => {
    expect(ratingSummary({})).toBeNull();
    expect(ratingSummary({ rating: { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] } })).toBeNull();
    expect(ratingSummary(null)).toBeNull();
  });

  it('gives the average to one decimal, the counts and the percents per star', () => {
    expect(ratingSummary({ rating: { count: 3, sum: 13, stars: [0, 0, 0, 2, 1] } })).toEqual({
      count: 3,
      average: 4.3,
      stars: [0, 0, 0, 2, 1],
      percents: [0, 0, 0, 67, 33],
    });
  });

  it('never shows a negative count for a star', () => {
    expect(ratingSummary({ rating: { count: 1, sum: 5, stars: [-1, 0, 0, 0, 1] } })?.stars).toEqual([0, 0, 0, 0, 1]);
  });

  it('keeps the exact average for sorting', () => {
    expect(averageOf({ count: 3, sum: 13 })).toBeCloseTo(4.3333, 4);
    expect(averageOf({ count: 0, sum: 0 })).toBe(0);
  });
});

import { ObjectId } from 'mongodb';
import { insertBook } from '@/tests/support/commerce-fixtures';
import { catalogueItemExists } from './catalogue-item-ids';
import { closeDb } from '../platform/db';

// On the run's real database: ids this process does not know yet are asked of the database,
// those asked at the same moment in one query.

afterAll(closeDb);

it('answers each of many ids asked at once: the items written a moment ago exist, made-up ids do not', async () => {
  // Warm the kept ids first, so the books below are ones this process has not heard of.
  await catalogueItemExists('book', new ObjectId().toHexString());
  const added = await Promise.all([insertBook(), insertBook(), insertBook()]);
  const madeUp = Array.from({ length: 7 }, () => new ObjectId().toHexString());
  const asked = [...madeUp.slice(0, 3), ...added.map((book) => book._id.toHexString()), ...madeUp.slice(3)];
  const answers = await Promise.all(asked.map((id) => catalogueItemExists('book', id)));
  expect(answers).toEqual([false, false, false, true, true, true, false, false, false, false]);
  // A course id is not a book.
  expect(await catalogueItemExists('course', added[0]!._id.toHexString())).toBe(false);
});

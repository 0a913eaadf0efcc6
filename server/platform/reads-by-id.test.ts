import { ObjectId } from 'mongodb';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { findCourseDocument } from '../catalogue/courses';
import { closeDb } from './db';
import { MAX_IDS_PER_QUERY, readByIdTogether } from './reads-by-id';

afterAll(closeDb);

type Doc = { _id: ObjectId; n: number };

/** A reader over `documents` that records the ids of each query and answers when told to. */
function recordingReader(documents: Doc[]) {
  const queries: string[][] = [];
  const pending: (() => void)[] = [];
  const read = readByIdTogether<Doc>(
    (ids) =>
      new Promise((resolve) => {
        queries.push(ids.map((id) => id.toHexString()));
        pending.push(() => resolve(documents.filter((document) => ids.some((id) => id.equals(document._id)))));
      }),
  );
  const answerNext = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read, queries, answerNext };
}

it('sends a lone read at once and the reads that arrive meanwhile together, each answered with its own document', async () => {
  const documents = Array.from({ length: 5 }, (_, n) => ({ _id: new ObjectId(), n }));
  const { read, queries, answerNext } = recordingReader(documents);
  const first = read(documents[0]!._id);
  expect(queries).toHaveLength(1);
  const madeUp = new ObjectId();
  const later = [read(documents[1]!._id), read(madeUp), read(documents[2]!._id), read(documents[1]!._id)];
  // Nothing more is sent while the first query is under way.
  expect(queries).toHaveLength(1);
  await answerNext();
  expect(await first).toEqual(documents[0]);
  // The three distinct ids asked meanwhile went out in one query.
  expect(queries[1]).toEqual([documents[1]!._id.toHexString(), madeUp.toHexString(), documents[2]!._id.toHexString()]);
  await answerNext();
  expect(await Promise.all(later)).toEqual([documents[1], null, documents[2], documents[1]]);
});

it('bounds a query to MAX_IDS_PER_QUERY ids and passes a failure to the reads of its batch only', async () => {
  const ids = Array.from({ length: MAX_IDS_PER_QUERY + 3 }, () => new ObjectId());
  let calls = 0;
  const sizes: number[] = [];
  const read = readByIdTogether<Doc>(async (asked) => {
    calls += 1;
    sizes.push(asked.length);
    if (calls === 2) throw new Error('the database went away');
    return [];
  });
  const answers = await Promise.allSettled(ids.map((id) => read(id)));
  expect(sizes).toEqual([1, MAX_IDS_PER_QUERY, 2]);
  expect(answers.filter((answer) => answer.status === 'rejected')).toHaveLength(MAX_IDS_PER_QUERY);
  expect(answers[0]).toEqual({ status: 'fulfilled', value: null });
  expect(answers.at(-1)).toEqual({ status: 'fulfilled', value: null });
});

it('reads course documents from the database, many asked at once, a course written a moment ago included', async () => {
  const courses = await Promise.all(['Algebra', 'Botany', 'Chemistry'].map((title) => insertCourse({ title })));
  const madeUp = new ObjectId();
  const asked = [madeUp, ...courses.map((course) => course._id), madeUp];
  const found = await Promise.all(asked.map((id) => findCourseDocument(id)));
  expect(found.map((document) => document?._id.toHexString() ?? null)).toEqual([null, ...courses.map((course) => course._id.toHexString()), null]);
  expect(found.slice(1, 4).map((document) => document?.title)).toEqual(['Algebra', 'Botany', 'Chemistry']);
});

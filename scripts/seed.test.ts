import { ObjectId } from 'mongodb';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, getDb } from '@/server/platform/db';
import { BOOKS } from './seed-data/books';
import { COURSES } from './seed-data/courses';
import { demoPricePaisa } from './seed-data/prices';
import { seedAccounts, seedCatalogue, seedDemoLearner, seedEnrolment, seedItemReviews, seedPromoCodes, seedReviews } from './seed';

// The demo seed's ids sort like the records' creation dates, as ids of records added through the
// site do: older clients list books and blogs by _id (docs/architecture.md, "Older clients") and
// must show them in the order the site does. The seed's steps run here on their own database
// (without the demo files, which carry no dates).

selectPrivateDatabase('kz_jest_seed');
// Recounting the demo ratings refreshes cached pages; outside a request there are none.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
jest.setTimeout(120_000);

const SEEDED = ['instructors', 'courses', 'books', 'blogs', 'users', 'reviews', 'orders', 'itemReviews', 'promoCodes', 'courseProgress', 'lessons'];

async function seedAll(): Promise<void> {
  const catalogue = await seedCatalogue();
  await seedReviews();
  await seedAccounts();
  await seedDemoLearner(catalogue.lessons, catalogue.items);
  await seedItemReviews(catalogue.items);
  await seedEnrolment(catalogue.items);
  await seedPromoCodes();
}

type Dated = { _id: ObjectId; createdAt: Date };

/** Every collection's documents that have an ObjectId and a createdAt, in _id order. */
async function datedDocuments(): Promise<Map<string, Dated[]>> {
  const db = await getDb();
  const found = new Map<string, Dated[]>();
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    const documents = await db.collection(name).find({}, { projection: { createdAt: 1 } }).sort({ _id: 1 }).toArray();
    const dated = documents.filter((document): document is Dated => document._id instanceof ObjectId && document.createdAt instanceof Date);
    if (dated.length > 0) found.set(name, dated);
  }
  return found;
}

async function idsOf(name: string): Promise<string[]> {
  const documents = await (await getDb()).collection(name).find({}, { projection: { _id: 1 } }).toArray();
  return documents.map((document) => String(document._id)).sort();
}

beforeAll(async () => {
  const db = await getDb();
  await Promise.all(SEEDED.map((name) => db.collection(name).deleteMany({})));
  await seedAll();
});

afterAll(closeDb);

describe('the demo seed', () => {
  it('counts every demo course’s enrolment from its seeded paid orders: no invented numbers', async () => {
    const db = await getDb();
    const courses = await db.collection('courses').find({}, { projection: { Enrolled: 1 } }).toArray();
    expect(courses).toHaveLength(COURSES.length);
    for (const course of courses) expect({ id: course._id, Enrolled: course.Enrolled }).toEqual({ id: course._id, Enrolled: await db.collection('orders').countDocuments({ itemId: course._id, paid: true }) });
    expect(courses.filter((course) => course.Enrolled > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every record with a createdAt an id in the same order, in every seeded collection', async () => {
    const dated = await datedDocuments();
    expect([...dated.keys()]).toEqual(expect.arrayContaining(['instructors', 'courses', 'books', 'blogs', 'users', 'reviews', 'orders', 'itemReviews', 'promoCodes']));
    for (const [name, documents] of dated) {
      const outOfOrder = documents
        .filter((document, index) => index > 0 && document.createdAt < documents[index - 1]!.createdAt)
        .map((document) => `${name} ${document._id.toHexString()} ${document.createdAt.toISOString()}`);
      expect(outOfOrder).toEqual([]);
    }
    // The seed's own ids carry the record's creation second itself.
    for (const name of ['instructors', 'courses', 'books', 'blogs']) {
      const documents = dated.get(name) ?? [];
      expect(documents.length).toBeGreaterThan(1);
      const mismatched = documents.filter((document) => document._id.getTimestamp().getTime() !== Math.floor(document.createdAt.getTime() / 1000) * 1000);
      expect(mismatched.map((document) => `${name} ${document._id.toHexString()}`)).toEqual([]);
    }
  });

  it('gives the same ids on a second run, and adds no copies', async () => {
    const before = await Promise.all(SEEDED.map(idsOf));
    await seedAll();
    expect(await Promise.all(SEEDED.map(idsOf))).toEqual(before);
  });

  it('prices every demo course and book in taka too: at least ৳10 when paid, ৳0 when free, in tidy amounts', async () => {
    const db = await getDb();
    for (const name of ['courses', 'books']) {
      const items = await db.collection<{ priceCents: number; pricePaisa?: unknown }>(name).find({}, { projection: { priceCents: 1, pricePaisa: 1 } }).toArray();
      expect(items).toHaveLength(name === 'courses' ? COURSES.length : BOOKS.length);
      const wrong = items
        .filter(({ priceCents, pricePaisa }) => {
          if (typeof pricePaisa !== 'number' || !Number.isInteger(pricePaisa)) return true;
          return priceCents === 0 ? pricePaisa !== 0 : pricePaisa < 1000 || pricePaisa % 5000 !== 0;
        })
        .map((item) => `${name} ${String(item._id)} ${item.priceCents} ${String(item.pricePaisa)}`);
      expect(wrong).toEqual([]);
    }
    expect(await db.collection('courses').countDocuments({ priceCents: 0, pricePaisa: 0 })).toBeGreaterThan(0);
    // A $7 item costs ৳850, as such courses and e-books do in Bangladesh.
    expect(demoPricePaisa(700)).toBe(85_000);
    expect(demoPricePaisa(0)).toBe(0);
    expect(demoPricePaisa(1)).toBe(5_000);
  });

  it('fills the taka price of demo items an earlier seed stored without one', async () => {
    const db = await getDb();
    for (const name of ['courses', 'books']) await db.collection(name).updateMany({}, { $unset: { pricePaisa: '' } });
    await seedCatalogue();
    for (const name of ['courses', 'books']) {
      expect(await db.collection(name).countDocuments({ pricePaisa: { $exists: false } })).toBe(0);
    }
  });

  it('keeps the id of a record an earlier seed wrote under another id (a fixed time, or a record re-dated), so nothing is copied', async () => {
    const db = await getDb();
    const courses = db.collection('courses');
    const course = await courses.findOne({ title: COURSES[0]!.title });
    if (!course) throw new Error('the first demo course is not seeded');
    // Seeds before ids followed createdAt gave every record the time 2026-01-01 and the same digest.
    const formerId = new ObjectId(`6955b900${course._id.toHexString().slice(8)}`);
    await courses.deleteOne({ _id: course._id });
    await courses.insertOne({ ...course, _id: formerId });

    await seedCatalogue();
    expect(await courses.countDocuments({ title: course.title })).toBe(1);
    expect(await courses.findOne({ title: course.title }, { projection: { _id: 1 } })).toEqual({ _id: formerId });
    expect(await courses.countDocuments({})).toBe(COURSES.length);
  });
});

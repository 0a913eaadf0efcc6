import { selectPrivateDatabase } from '@/tests/support/private-database';

// Bengali texts stored under `bn` before translations were kept by locale move once, on the real
// embedded database.
selectPrivateDatabase('kz_jest_translations_migration');

type Modules = { migration: typeof import('./translations-migration'); db: typeof import('./db') };
let m: Modules;

beforeAll(async () => {
  m = { migration: await import('./translations-migration'), db: await import('./db') };
});

afterAll(async () => {
  await m.db.closeDb();
});

it('moves every item’s `bn` texts under translations.bn once, even when two instances start together', async () => {
  const db = await m.db.getDb();
  await db.collection('migrations').deleteMany({});
  await db.collection('courses').insertOne({ title: 'Physics', bn: { title: 'পদার্থবিজ্ঞান', description: 'বল ও গতি' } });
  await db.collection('books').insertOne({ bookName: 'Poems', bn: { title: 'কবিতা' } });
  await db.collection('blogs').insertOne({ title: 'Exams' });
  await db.collection('instructors').insertOne({ name: 'Mahbub', bn: { title: 'মাহবুব' } });

  await Promise.all([m.migration.keepTranslationsByLocale(db), m.migration.keepTranslationsByLocale(db)]);

  const { _id: _course, ...course } = (await db.collection('courses').findOne({ title: 'Physics' }))!;
  expect(course).toEqual({ title: 'Physics', translations: { bn: { title: 'পদার্থবিজ্ঞান', description: 'বল ও গতি' } } });
  expect((await db.collection('books').findOne({ bookName: 'Poems' }))?.translations).toEqual({ bn: { title: 'কবিতা' } });
  expect(await db.collection('blogs').findOne({ title: 'Exams' })).not.toHaveProperty('translations');
  expect((await db.collection('instructors').findOne({ name: 'Mahbub' }))?.translations).toEqual({ bn: { title: 'মাহবুব' } });
  expect(await db.collection('courses').countDocuments({ bn: { $exists: true } })).toBe(0);

  // Done once: the marker keeps it from reading the catalogue again.
  await db.collection('courses').insertOne({ title: 'Written later', bn: { title: 'পরে' } });
  await m.migration.keepTranslationsByLocale(db);
  expect(await db.collection('courses').countDocuments({ bn: { $exists: true } })).toBe(1);
});

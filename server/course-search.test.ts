import { ObjectId } from 'mongodb';
import type { CourseDocument } from './documents';
import { closeDb, collection, getDb } from './db';
import {
  CHUNK_ENTRIES,
  SEARCH_RESULTS_PER_PAGE,
  indexCourseTitle,
  rebuildCourseSearchIndex,
  reindexCourseTitle,
  searchCourses,
  termGrams,
  titleGrams,
  unindexCourse,
} from './course-search';

// Integration tests against the real embedded database: the index is built from real documents
// and every search goes through the posting lists.

function course(title: string, index: number): CourseDocument {
  const part = { title: 'Part', point1: 'One', point2: 'Two', point3: 'Three' };
  return {
    _id: new ObjectId(),
    classCourse: 'classNine',
    title,
    img: '/demo/courses/classNine.webp',
    priceCents: 1000 + index,
    state: 'unread',
    ShortDescription: 'A course.',
    objective: { point1: 'One', point2: 'Two', point3: 'Three' },
    instructorImg: '/demo/instructors/teacher.webp',
    instructorName: 'Teacher',
    education: 'MSc',
    about: 'About the teacher.',
    syllabus: { free: part, email: part, monologues: part },
    video: 'https://www.youtube.com/embed/abcdefghijk',
    promoCode: 'KZ2026',
    Enrolled: 25,
    hours: 10,
    videos: 20,
    quizzes: 5,
    notes: 5,
    transcripts: 10,
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
  };
}

const TITLES = [
  'Higher Mathematics for Class Nine',
  'General Mathematics Made Easy',
  'Physics: Motion and Force',
  'Chemistry Lab Basics',
  'Python Basics in Seven Days',
  'Spoken English Starter',
  'MATHS Olympiad Camp',
  'Bangla  Grammar   Essentials',
];

async function insertCourses(titles: string[]): Promise<CourseDocument[]> {
  const documents = titles.map(course);
  await (await collection('courses')).insertMany(documents);
  return documents;
}

beforeEach(async () => {
  const db = await getDb();
  await db.collection('courses').deleteMany({});
  await db.collection('courseSearchGrams').deleteMany({});
});

afterAll(closeDb);

async function titlesFor(term: string, page = 1): Promise<string[]> {
  const result = await searchCourses(term, page);
  return result.items.map((item) => item.title);
}

describe('grams', () => {
  it('takes every 1-, 2- and 3-character gram of the normalized title', () => {
    expect(titleGrams('AbC')).toEqual(expect.arrayContaining(['a', 'b', 'c', 'ab', 'bc', 'abc']));
    expect(titleGrams('AbC')).toHaveLength(6);
    expect(titleGrams('a  b')).toEqual(expect.arrayContaining(['a', ' ', 'b', 'a ', ' b', 'a b']));
  });

  it('looks a term up by its trigrams, or by itself when shorter', () => {
    expect(termGrams('ma')).toEqual(['ma']);
    expect(termGrams('mat')).toEqual(['mat']);
    expect(termGrams('math')).toEqual(['mat', 'ath']);
    expect(termGrams('')).toEqual([]);
  });

  it('narrows a longer term by its first and last trigrams', () => {
    expect(termGrams('chemistry')).toEqual(['che', 'try']);
    expect(termGrams('mathematics')).toEqual(['mat', 'ics']);
  });
});

describe('searchCourses', () => {
  beforeEach(async () => {
    await insertCourses(TITLES);
    await rebuildCourseSearchIndex();
  });

  it('matches a case-insensitive substring anywhere in the title, sorted by title', async () => {
    expect(await titlesFor('MATH')).toEqual(['General Mathematics Made Easy', 'Higher Mathematics for Class Nine', 'MATHS Olympiad Camp']);
    expect(await titlesFor('ematic')).toEqual(['General Mathematics Made Easy', 'Higher Mathematics for Class Nine']);
    expect(await titlesFor('  basics ')).toEqual(['Chemistry Lab Basics', 'Python Basics in Seven Days']);
  });

  it('answers terms of one and two characters from their own posting lists', async () => {
    expect(await titlesFor('Py')).toEqual(['Python Basics in Seven Days']);
    expect(await titlesFor('z')).toEqual([]);
    expect((await searchCourses('e', 1)).total).toBe(TITLES.filter((title) => title.toLowerCase().includes('e')).length);
  });

  it('matches across collapsed whitespace', async () => {
    expect(await titlesFor('bangla grammar essentials')).toEqual(['Bangla  Grammar   Essentials']);
  });

  it('reports no false positives when every trigram exists but not in order', async () => {
    // "tic" and "mat" both occur in "Mathematics", but "icm" and "cma" do not.
    expect(await titlesFor('ticmat')).toEqual([]);
    // Both trigrams occur in "Higher Mathematics for Class Nine" but never next to each other.
    expect(await titlesFor('hig nin')).toEqual([]);
    expect(await titlesFor('Olympiad Camp!')).toEqual([]);
  });

  it('matches nothing for a blank term', async () => {
    const result = await searchCourses('   ', 1);
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  it('paginates twelve results per page', async () => {
    const many = Array.from({ length: 30 }, (_, index) => `Algebra Workshop ${String(index + 1).padStart(2, '0')}`);
    await insertCourses(many);
    await rebuildCourseSearchIndex();
    const first = await searchCourses('algebra', 1);
    const third = await searchCourses('algebra', 3);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(3);
    expect(first.items).toHaveLength(SEARCH_RESULTS_PER_PAGE);
    expect(first.items[0]?.title).toBe('Algebra Workshop 01');
    expect(third.items.map((item) => item.title)).toEqual(many.slice(24));
    expect((await searchCourses('algebra', 4)).items).toEqual([]);
  });

  it('returns plain objects with the price in cents and the legacy dollar price', async () => {
    const [item] = (await searchCourses('spoken', 1)).items;
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      classCourse: 'classNine',
      title: 'Spoken English Starter',
      img: '/demo/courses/classNine.webp',
      priceCents: 1005,
      price: 10.05,
      // Nobody has reviewed it (server/item-reviews.ts keeps the counters the card shows).
      rating: null,
    });
  });
});

describe('index maintenance', () => {
  it('finds a course added later once it is indexed', async () => {
    const [added] = await insertCourses(['Financial Literacy for Teens']);
    expect(await titlesFor('literacy')).toEqual([]);
    await indexCourseTitle(added!._id, added!.title);
    expect(await titlesFor('literacy')).toEqual(['Financial Literacy for Teens']);
  });

  it('follows a title change', async () => {
    const [renamed] = await insertCourses(['Biology Basics']);
    await indexCourseTitle(renamed!._id.toHexString(), 'Biology Basics');
    await (await collection('courses')).updateOne({ _id: renamed!._id }, { $set: { title: 'Human Biology' } });
    await reindexCourseTitle(renamed!._id, 'Biology Basics', 'Human Biology');
    expect(await titlesFor('basics')).toEqual([]);
    expect(await titlesFor('human')).toEqual(['Human Biology']);
    expect(await titlesFor('biology')).toEqual(['Human Biology']);
  });

  it('forgets a removed course and drops emptied posting lists', async () => {
    const [removed] = await insertCourses(['Quantum Quiz Night']);
    await indexCourseTitle(removed!._id, removed!.title);
    await (await collection('courses')).deleteOne({ _id: removed!._id });
    await unindexCourse(removed!._id, removed!.title);
    expect(await titlesFor('quantum')).toEqual([]);
    const grams = (await getDb()).collection('courseSearchGrams');
    expect(await grams.countDocuments({ gram: { $in: ['qua', 'q', 'qu'] } })).toBe(0);
  });

  it('skips a course deleted without being unindexed', async () => {
    const [gone] = await insertCourses(['Vanishing Course']);
    await indexCourseTitle(gone!._id, gone!.title);
    await (await collection('courses')).deleteOne({ _id: gone!._id });
    expect((await searchCourses('vanishing', 1)).items).toEqual([]);
  });

  it('keeps other courses in a shared posting list when one is removed', async () => {
    const [first, second] = await insertCourses(['Art of Drawing', 'Art History']);
    await indexCourseTitle(first!._id, first!.title);
    await indexCourseTitle(second!._id, second!.title);
    await unindexCourse(first!._id, first!.title);
    await (await collection('courses')).deleteOne({ _id: first!._id });
    expect(await titlesFor('art')).toEqual(['Art History']);
  });

  it('updates the posting lists of a long title in safe batches', async () => {
    // A 90-character title has well over 100 grams; FerretDB hangs on one update of 100+ documents.
    const title = 'Comprehensive Preparation Course for Higher Secondary Physics, Chemistry and Mathematics';
    const [first, second] = await insertCourses([title, `${title} II`]);
    await indexCourseTitle(first!._id, first!.title);
    await indexCourseTitle(second!._id, second!.title);
    expect(await titlesFor('secondary physics')).toEqual([title, `${title} II`]);
    await unindexCourse(second!._id, second!.title);
    expect(await titlesFor('secondary physics')).toEqual([title]);
  });

  it('splits a long posting list into chunks and reads all of them', async () => {
    const many = Array.from({ length: CHUNK_ENTRIES + 5 }, (_, index) => ({ _id: new ObjectId(), title: `Algebra ${index}` }));
    const grams = (await getDb()).collection('courseSearchGrams');
    await rebuildCourseSearchIndex();
    // As if the first chunk of "alg" had filled up: the next course goes to the second chunk.
    await grams.insertOne({ _id: 'alg#0', gram: 'alg', size: CHUNK_ENTRIES, courses: many.slice(0, CHUNK_ENTRIES).map(({ _id, title }) => ({ id: _id, title })) } as never);
    const [added] = await insertCourses(['Algebra Again']);
    await indexCourseTitle(added!._id, added!.title);
    expect(await grams.countDocuments({ gram: 'alg' })).toBe(2);
    expect((await grams.findOne({ _id: 'alg#1' } as never))?.courses).toEqual([{ id: added!._id, title: 'Algebra Again' }]);
    // Both chunks are read: the course in the second one is found through "alg".
    expect(await titlesFor('algebra again')).toEqual(['Algebra Again']);
  });

  it('rebuilds a long list into full chunks', async () => {
    const documents = Array.from({ length: CHUNK_ENTRIES + 3 }, (_, index) => course(`Zz ${index}`, index));
    const courses = await collection('courses');
    for (let start = 0; start < documents.length; start += 2_000) await courses.insertMany(documents.slice(start, start + 2_000));
    await rebuildCourseSearchIndex();
    const chunks = await (await getDb()).collection('courseSearchGrams').find({ gram: 'zz' }).toArray();
    expect(chunks.map((chunk) => chunk.size).sort((a, b) => b - a)).toEqual([CHUNK_ENTRIES, 3]);
    expect((await searchCourses('zz 10002', 1)).total).toBe(1);
  });

  it('writes nothing when rebuilding an unchanged catalogue', async () => {
    await insertCourses(TITLES);
    const first = await rebuildCourseSearchIndex();
    expect(first.written).toBe(first.grams);
    const second = await rebuildCourseSearchIndex();
    expect(second).toEqual({ courses: TITLES.length, grams: first.grams, written: 0 });
  });

  it('rebuilds from scratch and removes grams of titles that are gone', async () => {
    await insertCourses(['Zebra Zoology']);
    await rebuildCourseSearchIndex();
    await (await collection('courses')).deleteMany({ title: 'Zebra Zoology' });
    const summary = await rebuildCourseSearchIndex();
    expect(summary.courses).toBe(0);
    expect(await titlesFor('zebra')).toEqual([]);
    expect(await (await getDb()).collection('courseSearchGrams').countDocuments({})).toBe(0);
  });
});

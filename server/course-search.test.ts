import { NextRequest } from 'next/server';
import { ObjectId } from 'mongodb';
import type { CourseDocument } from './documents';
import { closeDb, collection, getDb } from './db';
import { SEARCH_RESULTS_PER_PAGE, SUGGESTIONS_MAX, searchCourses, suggestCourses } from './course-search';
import { rebuildCourseSearchIndex } from './course-search-index';
import { announcePublicChange, checkForPublicChanges } from './public-changes';
import { cacheTags } from '@/lib/cache-tags';

// Integration tests against the real embedded database: the in-memory index is built from real
// documents, and learns of changes the way every instance does (server/public-changes.ts).

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
});

afterAll(closeDb);

async function titlesFor(term: string, page = 1): Promise<string[]> {
  const result = await searchCourses(term, page);
  return result.items.map((item) => item.title);
}

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

  it('reports no exact match when the parts of a term are in a title but not together', async () => {
    // "tic" and "mat" both occur in "Mathematics", but "ticmat" does not.
    expect(await titlesFor('ticmat')).toEqual([]);
    // The starts of two words of "Higher Mathematics for Class Nine", not next to each other: only a near match.
    expect(await searchCourses('hig nin', 1)).toMatchObject({ approximate: true, total: 1 });
    // Punctuation the title lacks: its words still find it, as a near match.
    expect(await searchCourses('Olympiad Camp!', 1)).toMatchObject({ approximate: true, items: [{ title: 'MATHS Olympiad Camp' }] });
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

describe('typo tolerance', () => {
  beforeEach(async () => {
    await insertCourses(TITLES);
    await rebuildCourseSearchIndex();
  });

  it('finds titles near a misspelt term when none contains it, and says so', async () => {
    const physics = await searchCourses('phisics', 1);
    expect(physics.items.map((item) => item.title)).toEqual(['Physics: Motion and Force']);
    expect(physics.approximate).toBe(true);
    expect((await searchCourses('mathmatics', 1)).items.map((item) => item.title).sort()).toEqual(['General Mathematics Made Easy', 'Higher Mathematics for Class Nine']);
    expect((await searchCourses('chemestry lab', 1)).items.map((item) => item.title)).toEqual(['Chemistry Lab Basics']);
  });

  it('prefers titles with every word of the term, in any order, to titles with near words', async () => {
    // "Physica" is one letter from "physics": a near word, but no title of that course has both words.
    await insertCourses(['Physics for Class Nine', 'Physica Nine Workbook']);
    await rebuildCourseSearchIndex();
    const nine = await searchCourses('nine physics', 1);
    expect(nine).toMatchObject({ approximate: true, total: 1 });
    expect(nine.items.map((item) => item.title)).toEqual(['Physics for Class Nine']);
    expect((await suggestCourses('nine physics')).map((entry) => entry.title)).toEqual(['Physics for Class Nine']);
    // A misspelt word: no title has every word, so the near ones answer.
    expect((await searchCourses('phisics nine', 1))).toMatchObject({ approximate: true, items: [{ title: 'Physics for Class Nine' }] });
  });

  it('counts two swapped letters as one typo and forgives two typos in a longer word, nearest titles only', async () => {
    await insertCourses(['English Rhymes and Phonics']);
    await rebuildCourseSearchIndex();
    expect((await searchCourses('pyhton', 1)).items.map((item) => item.title)).toEqual(['Python Basics in Seven Days']);
    expect((await searchCourses('pythn basics', 1)).items.map((item) => item.title)).toEqual(['Python Basics in Seven Days']);
    // "Phonics" is two letters from "phsyics", "Physics" one swap: only the nearest is offered.
    expect((await searchCourses('phsyics', 1)).items.map((item) => item.title)).toEqual(['Physics: Motion and Force']);
    expect((await suggestCourses('phsyics')).map((entry) => entry.title)).toEqual(['Physics: Motion and Force']);
    expect((await searchCourses('mathemtaics', 1)).items.map((item) => item.title).sort()).toEqual(['General Mathematics Made Easy', 'Higher Mathematics for Class Nine']);
  });

  it('answers exact matches only when a title contains the term', async () => {
    const exact = await searchCourses('physics', 1);
    expect(exact.approximate).toBe(false);
    expect(exact.items.map((item) => item.title)).toEqual(['Physics: Motion and Force']);
    expect(await searchCourses('xqzv', 1)).toMatchObject({ total: 0, approximate: false });
  });
});

describe('Bengali titles', () => {
  it('finds a course by its Bengali title, after Unicode normalization', async () => {
    const [physics] = await insertCourses(['Physics for Class Nine']);
    await (await collection('courses')).updateOne({ _id: physics!._id }, { $set: { bn: { title: 'নবম শ্রেণির পদার্থবিজ্ঞান' } } });
    await rebuildCourseSearchIndex();
    expect(await titlesFor('পদার্থ')).toEqual(['Physics for Class Nine']);
    expect(await titlesFor('পদার্থ'.normalize('NFD'))).toEqual(['Physics for Class Nine']);
    // The two titles are separate texts: a term never spans them.
    expect(await titlesFor('nine নবম')).toEqual([]);
  });
});

describe('suggestions as you type', () => {
  it('offers titles that start with the term, then those containing it, near ones only when none does; at most eight', async () => {
    await insertCourses([...TITLES, 'Mathematical Puzzles']);
    await rebuildCourseSearchIndex();
    expect((await suggestCourses('math')).map((entry) => entry.title)).toEqual([
      'Mathematical Puzzles', 'MATHS Olympiad Camp', 'General Mathematics Made Easy', 'Higher Mathematics for Class Nine',
    ]);
    expect((await suggestCourses('phisic')).map((entry) => entry.title)).toEqual(['Physics: Motion and Force']);
    expect(await suggestCourses('  ')).toEqual([]);
    await insertCourses(Array.from({ length: 20 }, (_, index) => `Algebra ${index}`));
    await rebuildCourseSearchIndex();
    const many = await suggestCourses('algebra');
    expect(many).toHaveLength(SUGGESTIONS_MAX);
    expect(many[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), classCourse: 'classNine', title: 'Algebra 0' });
  });
});

describe('keeping the index current', () => {
  it('learns of a course added, renamed or deleted once the catalogue change is announced', async () => {
    await insertCourses(TITLES);
    expect(await titlesFor('literacy')).toEqual([]);
    const [added] = await insertCourses(['Financial Literacy for Teens']);
    // Not announced yet: this instance's index is as it was.
    expect(await titlesFor('literacy')).toEqual([]);
    // A sale or a review is announced too, but changes no title: the index is not built again.
    await announcePublicChange([cacheTags.course(added!._id.toHexString())], { staleForMs: 2000 });
    expect(await titlesFor('literacy')).toEqual([]);
    await announcePublicChange();
    expect(await titlesFor('literacy')).toEqual(['Financial Literacy for Teens']);

    await (await collection('courses')).updateOne({ _id: added!._id }, { $set: { title: 'Money Matters' } });
    await announcePublicChange();
    expect(await titlesFor('literacy')).toEqual([]);
    expect(await titlesFor('money')).toEqual(['Money Matters']);

    await (await collection('courses')).deleteOne({ _id: added!._id });
    await announcePublicChange();
    expect(await titlesFor('money')).toEqual([]);
  });

  it('learns of a change announced by another instance at its next read of the announcement', async () => {
    await insertCourses(TITLES);
    await checkForPublicChanges();
    expect(await titlesFor('zoology')).toEqual([]);
    await insertCourses(['Zebra Zoology']);
    // What announcing a course added on another instance writes.
    const counter = await (await collection('changes')).findOneAndUpdate({ _id: 'publicPages' }, { $inc: { seq: 1 }, $set: { changedAt: new Date() } }, { upsert: true, returnDocument: 'after' });
    await (await collection('publicChanges')).insertOne({ _id: counter?.seq ?? 0, tags: [cacheTags.courseLists, cacheTags.search], catalogue: true, staleForMs: 0, at: new Date() });
    expect(await titlesFor('zoology')).toEqual([]);
    await checkForPublicChanges();
    expect(await titlesFor('zoology')).toEqual(['Zebra Zoology']);
  });

  it('does not show a course deleted since the index was built', async () => {
    const [gone] = await insertCourses(['Vanishing Course']);
    await rebuildCourseSearchIndex();
    await (await collection('courses')).deleteOne({ _id: gone!._id });
    expect((await searchCourses('vanishing', 1)).items).toEqual([]);
  });

  it('answers searches arriving together from one build', async () => {
    await insertCourses(TITLES);
    await announcePublicChange();
    const results = await Promise.all(Array.from({ length: 20 }, () => titlesFor('basics')));
    expect(new Set(results.map((titles) => titles.join('|')))).toEqual(new Set(['Chemistry Lab Basics|Python Basics in Seven Days']));
  });
});

describe('GET /api/search/suggestions', () => {
  async function get(query: string) {
    const { GET } = await import('@/app/api/search/suggestions/route');
    return GET(new NextRequest(`http://127.0.0.1:3000/api/search/suggestions${query}`), { params: Promise.resolve({}) } as never);
  }

  it('answers the suggestions, and 400 without q, with q twice or too long', async () => {
    await insertCourses(TITLES);
    await rebuildCourseSearchIndex();
    const answer = await get('?q=spok');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { suggestions: { title: string }[] }).suggestions.map((entry) => entry.title)).toEqual(['Spoken English Starter']);
    const refused = ['', '?q=a&q=b', `?q=${'a'.repeat(201)}`, '?q=a&role=admin'];
    const statuses = await Promise.all(refused.map(async (query) => [query, (await get(query)).status]));
    expect(statuses).toEqual(refused.map((query) => [query, 400]));
  });
});

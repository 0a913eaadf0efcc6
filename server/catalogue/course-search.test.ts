import { NextRequest } from 'next/server';
import { ObjectId } from 'mongodb';
import { insertBook } from '@/tests/support/commerce-fixtures';
import type { CourseDocument, InstructorDocument } from '../platform/documents';
import { closeDb, collection, getDb } from '../platform/db';
import { SEARCH_GROUP_MAX, searchBooksAndInstructors } from './catalogue-search';
import { SEARCH_RESULTS_PER_PAGE, searchCourses } from './course-search';
import { rebuildCourseSearchIndex } from './course-search-index';
import { searchLegacyCourses } from '../legacy/legacy-course-search';
import { SUGGESTIONS_MAX, suggestForTerm } from './search-suggestions';
import { announcePublicChange, checkForPublicChanges } from '../platform/public-changes';
import { cacheTags } from '@/lib/cache-tags';

// Integration tests against the real embedded database: the in-memory index is built from real
// documents, and learns of changes the way every instance does (server/platform/public-changes.ts).

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
  await Promise.all(['courses', 'books', 'instructors'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(closeDb);

async function titlesFor(term: string, page = 1): Promise<string[]> {
  const result = await searchCourses(term, page);
  return result.items.map((item) => item.title);
}

async function suggestCourses(term: string) {
  return (await suggestForTerm(term)).courses;
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

  it('finds the parts of a term in a title only as words', async () => {
    // "tic" and "mat" both occur in "Mathematics", but "ticmat" does not.
    expect(await titlesFor('ticmat')).toEqual([]);
    // The starts of two words of "Higher Mathematics for Class Nine", not next to each other.
    expect(await searchCourses('hig nin', 1)).toMatchObject({ approximate: false, total: 1 });
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
      // Nobody has reviewed it (server/reviews/item-reviews.ts keeps the counters the card shows).
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
    expect(nine).toMatchObject({ approximate: false, total: 1 });
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
    await (await collection('courses')).updateOne({ _id: physics!._id }, { $set: { translations: { bn: { title: 'নবম শ্রেণির পদার্থবিজ্ঞান' } } } });
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
    // What the box holds is normalized first.
    expect((await suggestCourses('  ALGEBRA 1')).map((entry) => entry.title).slice(0, 2)).toEqual(['Algebra 1', 'Algebra 10']);
    expect(many[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), classCourse: 'classNine', title: 'Algebra 0' });
  });
});

describe('descriptions and instructors', () => {
  async function describedCourse(title: string, fields: Partial<CourseDocument>): Promise<void> {
    await (await collection('courses')).insertOne({ ...course(title, 50), ...fields });
  }

  beforeEach(async () => {
    await insertCourses(TITLES);
    await describedCourse('Coding for Young Learners', { ShortDescription: 'Loops, functions and games in Python, step by step.', instructorName: 'Nusrat Jahan' });
    await describedCourse('Science Olympiad Prep', { ShortDescription: 'Physics puzzles for the olympiad.', translations: { bn: { title: 'বিজ্ঞান অলিম্পিয়াড', description: 'পদার্থবিজ্ঞানের ধাঁধা' } } });
    await rebuildCourseSearchIndex();
  });

  it('finds a course by the words of its description after the titles that have the term', async () => {
    expect(await searchCourses('python', 1)).toMatchObject({ approximate: false, total: 2 });
    expect(await titlesFor('python')).toEqual(['Python Basics in Seven Days', 'Coding for Young Learners']);
    // Every word, in any order; a word of three letters or more may start a longer one.
    expect(await titlesFor('games loops')).toEqual(['Coding for Young Learners']);
    expect(await titlesFor('func')).toEqual(['Coding for Young Learners']);
    expect(await titlesFor('loops chess')).toEqual([]);
    // A shorter word matches only itself: "in" is a word of the description, "st" is not.
    expect(await titlesFor('python in')).toEqual(['Python Basics in Seven Days', 'Coding for Young Learners']);
    expect(await titlesFor('python st')).toEqual([]);
  });

  it('finds a course by its instructor and by its Bengali description', async () => {
    expect(await titlesFor('nusrat')).toEqual(['Coding for Young Learners']);
    expect(await titlesFor('পদার্থ')).toEqual(['Science Olympiad Prep']);
    expect(await titlesFor('olympiad')).toEqual(['MATHS Olympiad Camp', 'Science Olympiad Prep']);
  });

  it('keeps the legacy search to titles', async () => {
    expect((await searchLegacyCourses('python', 1)).items.map((item) => item.title)).toEqual(['Python Basics in Seven Days']);
    expect((await searchLegacyCourses('nusrat', 1)).total).toBe(0);
  });
});

function instructor(name: string, fields: Partial<InstructorDocument> = {}): InstructorDocument {
  return {
    _id: new ObjectId(),
    Subject: 'Physics',
    name,
    img: '/demo/instructors/teacher.webp',
    education: 'MSc',
    facebook: '',
    twitter: '',
    instagram: '',
    linkedin: '',
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    ...fields,
  };
}

describe('books and instructors', () => {
  beforeEach(async () => {
    await insertCourses(TITLES);
    await Promise.all([
      insertBook({ bookName: 'Python Programming Workbook', writerName1: 'Tanvir Ahmed' }),
      insertBook({ bookName: 'Physics Formula Handbook', about: 'Every formula of classes nine and ten.', translations: { bn: { title: 'পদার্থবিজ্ঞান সূত্র' } } }),
      insertBook({ bookName: 'Bangla Poems', writerName2: 'Tanvir Rahman' }),
    ]);
    await (await collection('instructors')).insertMany([instructor('Tanvir Hasan', { education: 'MSc in Physics, University of Dhaka' }), instructor('Farhana Akter', { Subject: 'Mathematics' })]);
    await announcePublicChange();
  });

  it('finds books by name, writer and about text, and instructors by name, education and subject', async () => {
    const physics = await searchBooksAndInstructors('physics');
    expect(physics.books).toMatchObject({ total: 1, approximate: false, items: [{ bookName: 'Physics Formula Handbook', priceCents: 650 }] });
    expect(physics.instructors).toMatchObject({ total: 1, items: [{ name: 'Tanvir Hasan', Subject: 'Physics' }] });
    const tanvir = await searchBooksAndInstructors('Tanvir');
    // Names first, then descriptions (here the writers), each in name order.
    expect(tanvir.books.items.map((item) => item.bookName)).toEqual(['Bangla Poems', 'Python Programming Workbook']);
    expect(tanvir.instructors.items.map((item) => item.name)).toEqual(['Tanvir Hasan']);
    expect((await searchBooksAndInstructors('formula ten')).books.items.map((item) => item.bookName)).toEqual(['Physics Formula Handbook']);
    expect((await searchBooksAndInstructors('সূত্র')).books.items.map((item) => item.bookName)).toEqual(['Physics Formula Handbook']);
    expect((await searchBooksAndInstructors('mathematics')).instructors.items.map((item) => item.name)).toEqual(['Farhana Akter']);
  });

  it('forgives typos in names and says so, and finds nothing for a blank term', async () => {
    expect(await searchBooksAndInstructors('farhna')).toMatchObject({ instructors: { approximate: true, items: [{ name: 'Farhana Akter' }] } });
    expect(await searchBooksAndInstructors('handbok')).toMatchObject({ books: { approximate: true, items: [{ bookName: 'Physics Formula Handbook' }] } });
    expect(await searchBooksAndInstructors('  ')).toEqual({ books: { items: [], total: 0, approximate: false }, instructors: { items: [], total: 0, approximate: false } });
  });

  it('shows at most a group of each, and counts them all', async () => {
    await Promise.all(Array.from({ length: SEARCH_GROUP_MAX + 3 }, (_, index) => insertBook({ bookName: `Grammar Drill ${index + 1}` })));
    await announcePublicChange();
    const found = await searchBooksAndInstructors('grammar');
    expect(found.books.total).toBe(SEARCH_GROUP_MAX + 3);
    expect(found.books.items.map((item) => item.bookName)).toEqual(Array.from({ length: SEARCH_GROUP_MAX }, (_, index) => `Grammar Drill ${index + 1}`));
  });

  it('learns of a book or instructor added once the change is announced', async () => {
    expect((await searchBooksAndInstructors('zoology')).books.total).toBe(0);
    await insertBook({ bookName: 'Zoology Atlas' });
    expect((await searchBooksAndInstructors('zoology')).books.total).toBe(0);
    await announcePublicChange();
    expect((await searchBooksAndInstructors('zoology')).books.items.map((item) => item.bookName)).toEqual(['Zoology Atlas']);
  });

  it('suggests courses, then up to three books and two instructors, eight in all', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, index) => insertBook({ bookName: `Python Exercises ${index + 1}` })));
    await insertCourses(Array.from({ length: 10 }, (_, index) => `Python Project ${index + 1}`));
    await (await collection('instructors')).insertMany([instructor('Python Pro'), instructor('Pythonista'), instructor('Python Teacher')]);
    await announcePublicChange();
    const { courses, books, instructors } = await suggestForTerm('pyth');
    expect(books.map((entry) => entry.title)).toEqual(['Python Exercises 1', 'Python Exercises 2', 'Python Exercises 3']);
    expect(instructors.map((entry) => entry.title)).toEqual(['Python Pro', 'Python Teacher']);
    expect(courses).toHaveLength(SUGGESTIONS_MAX - 5);
    expect(books[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), title: 'Python Exercises 1' });
    expect((await suggestForTerm('পদার্থ')).books).toEqual([expect.objectContaining({ title: 'Physics Formula Handbook', translations: { bn: { title: 'পদার্থবিজ্ঞান সূত্র' } } })]);
  });

  it('offers near names (typos) only when no name of any group has the term as typed', async () => {
    expect(await suggestForTerm('handbok')).toEqual({ courses: [], books: [expect.objectContaining({ title: 'Physics Formula Handbook' })], instructors: [] });
    // "Programing" is one letter from the term: a near course, left out beside a book named as typed.
    await insertCourses(['Programing Drills']);
    await announcePublicChange();
    expect(await suggestForTerm('programming')).toEqual({ courses: [], books: [expect.objectContaining({ title: 'Python Programming Workbook' })], instructors: [] });
    expect((await suggestForTerm('programmin drills')).courses.map((entry) => entry.title)).toEqual(['Programing Drills']);
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
    expect(await answer.json()).toEqual({ suggestions: [expect.objectContaining({ title: 'Spoken English Starter' })], books: [], instructors: [] });
    const refused = ['', '?q=a&q=b', `?q=${'a'.repeat(201)}`, '?q=a&role=admin'];
    const statuses = await Promise.all(refused.map(async (query) => [query, (await get(query)).status]));
    expect(statuses).toEqual(refused.map((query) => [query, 400]));
  });
});

import { ObjectId } from 'mongodb';
import type { BookDocument, CourseDocument } from '../platform/documents';
import { toLegacyBook, toLegacyCourse, toLegacyNotice, toLegacyReview } from './legacy-shapes';

process.env.SITE_URL = 'https://kz.example';

const points = { point1: 'One', point2: 'Two', point3: 'Three' };
const part = { title: 'Part', ...points };

const course: CourseDocument = {
  _id: new ObjectId('65f0a1b2c3d4e5f6a7b8c9d0'),
  classCourse: 'classOne',
  title: 'Numbers',
  img: '/demo/courses/numbers.webp',
  priceCents: 1999,
  state: 'unread',
  ShortDescription: 'Count to ten',
  objective: points,
  instructorImg: '/demo/instructors/ana.webp',
  instructorName: 'Ana',
  education: 'MSc',
  about: 'About',
  syllabus: { free: part, email: part, monologues: part },
  video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  promoCode: '',
  Enrolled: 3,
  hours: 1,
  videos: 2,
  quizzes: 3,
  notes: 4,
  transcripts: 5,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

const book: BookDocument = {
  _id: new ObjectId('65f0a1b2c3d4e5f6a7b8c9d1'),
  bookName: 'Physics',
  img: '/demo/books/physics.webp',
  priceCents: 800,
  state: 'read',
  writerName1: 'Rahim',
  writerImg: '/demo/writers/rahim.webp',
  educationWriter1: 'PhD',
  writerName3: 'Karim',
  objective: points,
  about: 'About',
  page: 200,
  interactive: 'NO',
  formate: 'PDF',
  filesize: '12 MB',
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('legacy shapes', () => {
  it('answers a course with the old field names only: hex _id, dollars, no cents or dates', () => {
    const legacy = toLegacyCourse(course);
    expect(legacy).toMatchObject({ _id: '65f0a1b2c3d4e5f6a7b8c9d0', price: 19.99, Enrolled: 3, syllabus: course.syllabus });
    // Old clients show them from another origin.
    expect(legacy).toMatchObject({ img: 'https://kz.example/demo/courses/numbers.webp', instructorImg: 'https://kz.example/demo/instructors/ana.webp' });
    expect(legacy).not.toHaveProperty('priceCents');
    expect(legacy).not.toHaveProperty('createdAt');
    expect(Object.keys(legacy)).toHaveLength(21);
  });

  it('keeps every book writer slot where it was, empty when unused', () => {
    const legacy = toLegacyBook(book);
    expect(legacy).toMatchObject({ price: 8, writerName1: 'Rahim', writerName2: '', writerName3: 'Karim', writerName4: '', writerImg2: '', educationWriter3: '' });
    expect(legacy).toMatchObject({ img: 'https://kz.example/demo/books/physics.webp', writerImg: 'https://kz.example/demo/writers/rahim.webp', writerImg3: '' });
    expect(legacy).not.toHaveProperty('priceCents');
    expect(Object.keys(legacy)).toHaveLength(23);
  });

  it('drops the review date and names notices by their old item field', () => {
    expect(toLegacyReview({ id: 'a', name: 'N', comment: 'C', ratting: 4, image: '/i.webp', createdAt: '2026-01-01T00:00:00.000Z' })).toEqual({
      _id: 'a',
      name: 'N',
      comment: 'C',
      ratting: 4,
      image: 'https://kz.example/i.webp',
    });
    const base = { id: 'n', itemId: 'i', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(toLegacyNotice({ ...base, read: false, kind: 'course', title: 'T' })).toEqual({ _id: 'n', title: 'T', state: 'unread' });
    expect(toLegacyNotice({ ...base, read: true, kind: 'book', bookName: 'B' })).toEqual({ _id: 'n', bookName: 'B', state: 'read' });
  });
});

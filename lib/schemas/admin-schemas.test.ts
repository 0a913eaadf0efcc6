import { COURSE_LISTS, SUBJECTS } from '@/lib/catalogue';
import { fieldErrorsOf } from '@/lib/result';
import { blogSchema } from './blog';
import { bookAddSchema, bookUpdateSchema, legacyBookCreateBody, legacyBookUpdateBody } from './book';
import { courseAddSchema, courseUpdateSchema, legacyCourseCreateBody, legacyCourseUpdateBody } from './course';
import { instructorSchema } from './instructor';
import type { ZodType } from 'zod';
import { englishFieldErrors, englishText } from '@/server/platform/english-text';

// Every rule of the admin forms (docs/product.md §5, §9) with the message the form shows under the field.

function errorsOf(schema: ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return englishFieldErrors(fieldErrorsOf(result.error.issues));
}

function firstError(schema: ZodType, input: unknown, field: string): string | undefined {
  return errorsOf(schema, input)[field]?.[0];
}

/** What the Add Course form sends: the instructor picked from Instructors, no counts. */
const course = {
  classCourse: 'classNine',
  title: 'Physics for Class Nine',
  img: '/media/65f0a1b2c3d4e5f6a7b8c9d0',
  price: 19.99,
  priceBdt: 2400,
  ShortDescription: 'Motion, force and energy.',
  instructorId: '65f0a1b2c3d4e5f6a7b8c9d1',
  about: 'Ten years of teaching.',
  video: 'https://www.youtube.com/watch?v=abcdefghijk',
};

/** What the old client sends to POST /api/addCourse: the instructor typed, and counts. */
const { instructorId: _picked, ...typedCourse } = {
  ...course,
  instructorImg: 'https://images.example.com/teacher.png',
  instructorName: 'Mahbub Alam',
  education: 'MSc in Physics',
  hours: 12,
  videos: 30,
  quizzes: 8,
  notes: 6,
};

const book = {
  bookName: 'Chemistry Lecture Notes',
  img: '/demo/books/chemistry-lecture-notes.webp',
  price: 8,
  priceBdt: 950,
  writerName1: 'Farzana Haque',
  writerImg: 'https://images.example.com/writer.png',
  educationWriter1: 'PhD in Chemistry',
  about: 'Lecture notes.',
  page: 240,
  interactive: 'YES',
  formate: 'PDF',
  filesize: '18 MB',
};

const blog = { title: 'Exam routines', img: 'https://images.example.com/blog.png', writerName: 'Ayesha', date: '2026-02-14', description: 'Plan your week.' };

const instructor = {
  Subject: 'Chemistry',
  name: 'Farzana Haque',
  img: '/media/65f0a1b2c3d4e5f6a7b8c9d0',
  education: 'PhD in Chemistry',
  facebook: 'https://facebook.com/farzana',
  twitter: 'https://twitter.com/farzana',
  instagram: 'https://instagram.com/farzana',
  linkedin: 'https://linkedin.com/in/farzana',
};

describe('Add Course', () => {
  it('accepts a complete course and every list name the pages read, liveCourse, classEleven and classTwelve included', () => {
    for (const list of COURSE_LISTS) expect(courseAddSchema.safeParse({ ...course, classCourse: list }).success).toBe(true);
    expect(COURSE_LISTS).toEqual(expect.arrayContaining(['liveCourse', 'classEleven', 'classTwelve']));
  });

  it('refuses the old form’s classXI-XII and any other type', () => {
    expect(firstError(courseAddSchema, { ...course, classCourse: 'classXI-XII' }, 'classCourse')).toBe('Choose a course type from the list');
    expect(firstError(courseAddSchema, { ...course, classCourse: undefined }, 'classCourse')).toBe('Choose a course type from the list');
  });

  it('requires every field but the promo video, each with its own message', () => {
    const errors = errorsOf(courseAddSchema, {});
    expect(errors).not.toHaveProperty('video');
    expect(courseAddSchema.parse({ ...course, video: '' }).video).toBeUndefined();
    expect(firstError(courseAddSchema, { ...course, video: 'https://example.com/clip' }, 'video')).toBe('Video must be a YouTube address (https://www.youtube.com/…)');
    expect(errors).toMatchObject({
      title: ['Title is required'],
      img: ['Image is required'],
      price: ['Price is required'],
      ShortDescription: ['Description is required'],
      instructorId: ['Choose an instructor from the list'],
      about: ['About is required'],
    });
    expect(firstError(courseAddSchema, { ...course, title: '   ' }, 'title')).toBe('Title is required');
    expect(firstError(courseAddSchema, { ...course, instructorId: 'Mahbub Alam' }, 'instructorId')).toBe('Choose an instructor from the list');
  });

  it('takes no counts from the form: they come from the curriculum', () => {
    expect(errorsOf(courseAddSchema, { ...course, hours: 12 }).form).toEqual(['Unrecognized key: "hours"']);
  });

  it('keeps the old client’s typed instructor and counts on the legacy API, each still checked', () => {
    expect(legacyCourseCreateBody.safeParse(typedCourse).success).toBe(true);
    expect(firstError(legacyCourseCreateBody, { ...typedCourse, instructorName: '' }, 'instructorName')).toBe('Instructor name is required');
    expect(firstError(legacyCourseCreateBody, { ...typedCourse, videos: 1.5 }, 'videos')).toBe('Videos must be a whole number');
    expect(firstError(legacyCourseCreateBody, { ...typedCourse, hours: 1.25 }, 'hours')).toBe('Hours can have at most one decimal');
    expect(legacyCourseCreateBody.parse({ ...typedCourse, hours: '1.5' }).hours).toBe(1.5);
    const { hours: _hours, videos: _videos, quizzes: _quizzes, notes: _notes, ...withoutCounts } = typedCourse;
    expect(legacyCourseCreateBody.safeParse(withoutCounts).success).toBe(true);
  });

  it('wants a numeric price of 0 (free) or at least 1 dollar with at most two decimals', () => {
    expect(firstError(courseAddSchema, { ...course, price: 'ten' }, 'price')).toBe('Price must be a number');
    expect(firstError(courseAddSchema, { ...course, price: Number.NaN }, 'price')).toBe('Price is required');
    expect(firstError(courseAddSchema, { ...course, price: 0.5 }, 'price')).toBe('Price must be 0 (free) or at least 1');
    expect(firstError(courseAddSchema, { ...course, price: -1 }, 'price')).toBe('Price must be 0 (free) or at least 1');
    expect(courseAddSchema.parse({ ...course, price: '0', priceBdt: 0 }).price).toBe(0);
    expect(firstError(courseAddSchema, { ...course, price: 12.345 }, 'price')).toBe('Price can have at most two decimals');
    expect(courseAddSchema.parse({ ...course, price: '12.50' }).price).toBe(12.5);
  });

  it('takes images as an uploaded /media address or an https URL, and videos from YouTube only', () => {
    expect(firstError(courseAddSchema, { ...course, img: 'http://images.example.com/a.png' }, 'img')).toBe('Image must be an uploaded image or an https:// address');
    expect(firstError(courseAddSchema, { ...course, img: 'javascript:alert(1)' }, 'img')).toBe('Image must be an uploaded image or an https:// address');
    expect(firstError(courseAddSchema, { ...course, img: '/media/not-an-id' }, 'img')).toBe('Image must be an uploaded image or an https:// address');
    expect(firstError(courseAddSchema, { ...course, video: 'https://evil.example/watch?v=abcdefghijk' }, 'video')).toBe('Video must be a YouTube address (https://www.youtube.com/…)');
  });

  it('is strict: unknown fields, operators and arrays are refused', () => {
    expect(errorsOf(courseAddSchema, { ...course, role: 'admin' }).form).toEqual(['Unrecognized key: "role"']);
    expect(courseAddSchema.safeParse({ ...course, Enrolled: 1000 }).success).toBe(false);
    expect(courseAddSchema.safeParse({ ...course, title: { $ne: '' } }).success).toBe(false);
    expect(courseAddSchema.safeParse({ ...course, title: ['a', 'b'] }).success).toBe(false);
    expect(courseAddSchema.safeParse(JSON.parse(`{"__proto__": {"admin": true}, "title": "x"}`)).success).toBe(false);
  });
});

describe('Update Course', () => {
  const update = { title: 'T', img: course.img, price: 5, priceBdt: 600, ShortDescription: 'D', instructorId: course.instructorId, about: 'A' };
  const { instructorId: _id, ...legacyUpdate } = { ...update, instructorName: 'N', education: 'E', hours: 0, videos: 0, quizzes: 0, notes: 0 };

  it('requires the update fields, the instructor picked from the list, and no counts', () => {
    expect(courseUpdateSchema.safeParse(update).success).toBe(true);
    expect(firstError(courseUpdateSchema, { ...update, price: 0.99 }, 'price')).toBe('Price must be 0 (free) or at least 1');
    expect(courseUpdateSchema.safeParse({ ...update, price: 0, priceBdt: '' }).success).toBe(true);
    expect(firstError(courseUpdateSchema, { ...update, instructorId: '' }, 'instructorId')).toBe('Choose an instructor from the list');
    expect(courseUpdateSchema.safeParse({ ...update, hours: 1 }).success).toBe(false);
  });

  it('takes back every hours value a course with lessons shows on the legacy API: tenths from 0.1 (6 minutes) up', () => {
    // server/learning/curriculum.ts: Math.round(seconds / 360) / 10, so these are the doubles a read answers.
    const shown = [360, 1080, 2400, 7 * 360, 299 * 24 * 3600 + 360].map((seconds) => Math.round(seconds / 360) / 10);
    for (const hours of shown) {
      expect(legacyCourseUpdateBody.parse({ ...legacyUpdate, hours }).hours).toBe(hours);
      expect(legacyCourseUpdateBody.parse({ ...legacyUpdate, hours: String(hours) }).hours).toBe(hours);
    }
    expect(firstError(legacyCourseUpdateBody, { ...legacyUpdate, hours: '0.15' }, 'hours')).toBe('Hours can have at most one decimal');
    expect(firstError(legacyCourseUpdateBody, { ...legacyUpdate, hours: -1 }, 'hours')).toBe('Hours must be at least 0');
    expect(firstError(legacyCourseUpdateBody, { ...legacyUpdate, hours: Number.POSITIVE_INFINITY }, 'hours')).toBeDefined();
    expect(firstError(legacyCourseUpdateBody, { ...legacyUpdate, instructorName: '' }, 'instructorName')).toBe('Instructor name is required');
  });

  it('leaves the type and the defaults out of the form but the legacy API accepts them', () => {
    expect(courseUpdateSchema.safeParse({ ...update, classCourse: 'liveCourse' }).success).toBe(false);
    expect(legacyCourseUpdateBody.safeParse({ ...legacyUpdate, classCourse: 'liveCourse', Enrolled: 30, promoCode: 'NEW' }).success).toBe(true);
    expect(legacyCourseCreateBody.safeParse({ ...typedCourse, price: '25', state: 'unread', Enrolled: 25, transcripts: 10, promoCode: 'KZ' }).success).toBe(true);
    expect(legacyCourseCreateBody.safeParse({ ...typedCourse, state: 'published' }).success).toBe(false);
  });

  it('takes back the empty objective and syllabus a new course starts with (the old client sends what it read)', () => {
    const none = { point1: '', point2: '', point3: '' };
    const parsed = legacyCourseUpdateBody.parse({ ...legacyUpdate, objective: none, syllabus: { free: { title: '', ...none }, email: { title: '', ...none }, monologues: { title: '', ...none } } });
    expect(parsed.objective).toEqual(none);
    const tooLong = legacyCourseUpdateBody.safeParse({ ...legacyUpdate, objective: { ...none, point1: 'x'.repeat(2001) } });
    expect(englishText(tooLong.error?.issues[0]?.message ?? '')).toMatch(/^Point 1 must be at most \d+ characters$/);
  });
});

describe('Add and Update Book', () => {
  it('accepts a book without writers 2 to 4 and drops blank optional writers', () => {
    const parsed = bookAddSchema.parse({ ...book, writerName2: '', writerImg2: '', educationWriter2: '' });
    expect(parsed).not.toHaveProperty('writerName2', expect.anything());
    expect(parsed.writerName2).toBeUndefined();
  });

  it('requires every other field', () => {
    expect(errorsOf(bookAddSchema, {})).toMatchObject({
      bookName: ['Book name is required'],
      img: ['Image is required'],
      price: ['Price is required'],
      writerName1: ['Writer name is required'],
      writerImg: ['Writer image is required'],
      educationWriter1: ['Writer education is required'],
      about: ['About is required'],
      page: ['Page number is required'],
      interactive: ['Interactive must be YES or NO'],
      formate: ['Format must be PDF or MP3'],
    });
  });

  it('wants price at least 1, a numeric page number, YES or NO and PDF or MP3', () => {
    expect(firstError(bookAddSchema, { ...book, price: 0 }, 'price')).toBe('Price must be at least 1');
    expect(firstError(bookAddSchema, { ...book, page: 'many' }, 'page')).toBe('Page number must be a number');
    expect(firstError(bookAddSchema, { ...book, interactive: 'MAYBE' }, 'interactive')).toBe('Interactive must be YES or NO');
    expect(firstError(bookAddSchema, { ...book, formate: 'EPUB' }, 'formate')).toBe('Format must be PDF or MP3');
    expect(bookAddSchema.safeParse({ ...book, formate: 'MP3' }).success).toBe(true);
  });

  it('checks optional writers: a valid image address, and a name whenever the slot has an image or education', () => {
    expect(firstError(bookAddSchema, { ...book, writerName3: 'W3', writerImg3: 'ftp://x' }, 'writerImg3')).toBe('Writer 3 image must be an uploaded image or an https:// address');
    expect(firstError(bookAddSchema, { ...book, educationWriter4: 'MSc' }, 'writerName4')).toBe('Writer 4 name is required when writer 4 has an image or education');
  });

  it('the update form carries the spec’s update payload only; the legacy update may add other book fields', () => {
    const update = { bookName: 'B', img: book.img, about: 'A', writerName1: 'W', writerImg: book.writerImg, page: 10, formate: 'MP3', filesize: '1 MB', price: 3, priceBdt: 360 };
    expect(bookUpdateSchema.safeParse(update).success).toBe(true);
    expect(bookUpdateSchema.safeParse({ ...update, interactive: 'YES' }).success).toBe(false);
    expect(legacyBookUpdateBody.safeParse({ ...update, interactive: 'YES', writerName2: 'Second' }).success).toBe(true);
    expect(legacyBookCreateBody.safeParse({ ...book, objective: { point1: 'a', point2: 'b', point3: 'c' }, state: 'unread' }).success).toBe(true);
    expect(legacyBookCreateBody.safeParse({ ...book, fileSize: '1 MB' }).success).toBe(false);
    expect(legacyBookUpdateBody.safeParse({ ...update, objective: { point1: '', point2: '', point3: '' } }).success).toBe(true);
  });
});

describe('the taka price (Price (৳), `priceBdt`)', () => {
  const { priceBdt: _taka, ...courseWithoutTaka } = course;
  const { priceBdt: _typedTaka, ...typedCourseWithoutTaka } = typedCourse;
  const { priceBdt: _bookTaka, ...bookWithoutTaka } = book;

  it('is required by the course and book forms when the dollar price is above 0, at least ৳10', () => {
    for (const schema of [courseAddSchema, bookAddSchema]) {
      const item = schema === courseAddSchema ? courseWithoutTaka : bookWithoutTaka;
      for (const blank of [undefined, '', '  ', Number.NaN]) expect(firstError(schema, { ...item, priceBdt: blank }, 'priceBdt')).toBe('Price in taka is required');
      expect(firstError(schema, { ...item, priceBdt: 9.99 }, 'priceBdt')).toBe('Price in taka must be at least 10');
      expect(firstError(schema, { ...item, priceBdt: 0 }, 'priceBdt')).toBe('Price in taka must be at least 10');
      expect(firstError(schema, { ...item, priceBdt: -850 }, 'priceBdt')).toBe('Price in taka must be at least 10');
      expect(schema.parse({ ...item, priceBdt: 10 }).priceBdt).toBe(10);
      expect(schema.parse({ ...item, priceBdt: 500_000 }).priceBdt).toBe(500_000);
    }
    expect(firstError(courseUpdateSchema, { title: 'T', img: course.img, price: 5, ShortDescription: 'D', instructorId: course.instructorId, about: 'A' }, 'priceBdt')).toBe('Price in taka is required');
    expect(firstError(bookUpdateSchema, { bookName: 'B', img: book.img, about: 'A', writerName1: 'W', writerImg: book.writerImg, page: 10, formate: 'MP3', price: 3 }, 'priceBdt')).toBe('Price in taka is required');
  });

  it('takes up to ৳500,000 with at most two decimals, typed or as digits', () => {
    expect(firstError(courseAddSchema, { ...course, priceBdt: 500_000.01 }, 'priceBdt')).toBe('Price in taka must be at most 500000');
    expect(firstError(courseAddSchema, { ...course, priceBdt: 850.505 }, 'priceBdt')).toBe('Price in taka can have at most two decimals');
    expect(firstError(courseAddSchema, { ...course, priceBdt: 'eight hundred' }, 'priceBdt')).toBe('Price in taka must be a number');
    expect(firstError(courseAddSchema, { ...course, priceBdt: { $gt: 0 } }, 'priceBdt')).toBe('Price in taka must be a number');
    expect(courseAddSchema.parse({ ...course, priceBdt: '850.50' }).priceBdt).toBe(850.5);
    expect(bookAddSchema.parse({ ...book, priceBdt: ' 1200 ' }).priceBdt).toBe(1200);
  });

  it('keeps a free course free: 0 or left empty, nothing else', () => {
    expect(courseAddSchema.parse({ ...course, price: 0, priceBdt: 0 }).priceBdt).toBe(0);
    expect(courseAddSchema.parse({ ...courseWithoutTaka, price: 0 }).priceBdt).toBeUndefined();
    expect(courseAddSchema.parse({ ...course, price: '0', priceBdt: Number.NaN }).priceBdt).toBeUndefined();
    expect(firstError(courseAddSchema, { ...course, price: 0, priceBdt: 850 }, 'priceBdt')).toBe('Price in taka must be 0 for a free course');
    expect(firstError(legacyCourseCreateBody, { ...typedCourse, price: 0, priceBdt: 10 }, 'priceBdt')).toBe('Price in taka must be 0 for a free course');
  });

  it('is said with the other fields’ messages, once both prices are valid', () => {
    expect(errorsOf(courseAddSchema, { ...courseWithoutTaka, title: undefined, instructorId: '' })).toMatchObject({
      title: ['Title is required'],
      instructorId: ['Choose an instructor from the list'],
      priceBdt: ['Price in taka is required'],
    });
    // A dollar price that is wrong says so alone: the taka price is judged against a valid one.
    expect(errorsOf(courseAddSchema, { ...courseWithoutTaka, price: 0.5 })).toEqual({ price: ['Price must be 0 (free) or at least 1'] });
  });

  it('may be left out of the legacy API’s writes, which take it as `priceBdt` with the same rules', () => {
    expect(legacyCourseCreateBody.parse(typedCourseWithoutTaka).priceBdt).toBeUndefined();
    expect(legacyBookCreateBody.parse(bookWithoutTaka).priceBdt).toBeUndefined();
    const courseUpdate = { title: 'T', img: course.img, price: 5, ShortDescription: 'D', instructorName: 'N', education: 'E', about: 'A', hours: 0, videos: 0, quizzes: 0, notes: 0 };
    expect(legacyCourseUpdateBody.parse(courseUpdate).priceBdt).toBeUndefined();
    expect(legacyBookUpdateBody.parse({ bookName: 'B', img: book.img, about: 'A', writerName1: 'W', writerImg: book.writerImg, page: 10, formate: 'MP3', price: 3 }).priceBdt).toBeUndefined();
    expect(legacyCourseUpdateBody.parse({ ...courseUpdate, priceBdt: '600' }).priceBdt).toBe(600);
    expect(firstError(legacyCourseUpdateBody, { ...courseUpdate, priceBdt: 5 }, 'priceBdt')).toBe('Price in taka must be at least 10');
    expect(firstError(legacyBookCreateBody, { ...bookWithoutTaka, priceBdt: 600_000 }, 'priceBdt')).toBe('Price in taka must be at most 500000');
    // Only the taka price as typed: the stored paisa are never written directly.
    expect(legacyCourseCreateBody.safeParse({ ...typedCourse, pricePaisa: 1 }).success).toBe(false);
    expect(legacyBookUpdateBody.safeParse({ bookName: 'B', img: book.img, about: 'A', writerName1: 'W', writerImg: book.writerImg, page: 10, formate: 'MP3', price: 3, pricePaisa: 1 }).success).toBe(false);
  });
});

describe('Add and Update Blog', () => {
  it('requires every field', () => {
    expect(errorsOf(blogSchema, {})).toEqual({
      title: ['Title is required'],
      img: ['Image is required'],
      writerName: ['Writer name is required'],
      date: ['Date is required'],
      description: ['Description is required'],
    });
  });

  it('takes the date picker’s yyyy-mm-dd and only days that exist', () => {
    expect(blogSchema.safeParse(blog).success).toBe(true);
    expect(firstError(blogSchema, { ...blog, date: '2026-02-30' }, 'date')).toBe('Pick a valid date');
    expect(firstError(blogSchema, { ...blog, date: '14/02/2026' }, 'date')).toBe('Pick a valid date');
  });
});

describe('Add and Update Instructor', () => {
  it('takes the subject from the nine subjects only', () => {
    for (const subject of SUBJECTS) expect(instructorSchema.safeParse({ ...instructor, Subject: subject }).success).toBe(true);
    expect(SUBJECTS).toHaveLength(9);
    expect(firstError(instructorSchema, { ...instructor, Subject: 'History' }, 'Subject')).toBe('Choose a subject from the list');
    expect(firstError(instructorSchema, { ...instructor, Subject: 'chemistry' }, 'Subject')).toBe('Choose a subject from the list');
  });

  it('requires every field and web addresses for the social links', () => {
    expect(errorsOf(instructorSchema, {})).toMatchObject({
      Subject: ['Choose a subject from the list'],
      name: ['Name is required'],
      img: ['Image is required'],
      education: ['Education is required'],
      facebook: ['Facebook is required'],
    });
    expect(firstError(instructorSchema, { ...instructor, twitter: 'javascript:alert(1)' }, 'twitter')).toBe('Twitter must be a web address starting with https://');
  });
});

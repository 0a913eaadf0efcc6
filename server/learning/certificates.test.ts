import { ObjectId } from 'mongodb';
import { isImpossibleCertificateAddress } from '@/lib/certificates';
import { routes } from '@/lib/routes';
import { insertCourse, insertOrder } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { expectHttpError, fakeDateAt } from '@/tests/support/expectations';
import type { CourseDocument, CurriculumSectionDocument, LessonOutlineDocument } from '../platform/documents';
import { courseProgressKey } from './progress-document';

// Certificates of completion against the real embedded database: issued once every lesson is
// complete (to buyers only, exactly once however many requests finish the course together), with
// the account's name as it was then; ids that cannot be guessed or walked; withdrawal for refunds.
selectPrivateDatabase('kz_jest_certificates');

type Modules = {
  certificates: typeof import('./certificates');
  progress: typeof import('./progress');
  learning: typeof import('./learning');
  collection: typeof import('../commerce/collection');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    certificates: await import('./certificates'),
    progress: await import('./progress'),
    learning: await import('./learning'),
    collection: await import('../commerce/collection'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'users', 'courseProgress', 'certificates'].map((name) => db.collection(name).deleteMany({})));
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

afterAll(async () => {
  await m.db.closeDb();
});


function lesson(title: string): LessonOutlineDocument {
  return { _id: new ObjectId(), title, kind: 'article', durationSeconds: 300, freePreview: false };
}

/** A course of three lessons in two sections. */
async function threeLessonCourse(overrides: Partial<CourseDocument> = {}) {
  const lessons = [lesson('Welcome'), lesson('Motion'), lesson('Energy')];
  const curriculum: CurriculumSectionDocument[] = [
    { _id: new ObjectId(), title: 'Start', lessons: lessons.slice(0, 2) },
    { _id: new ObjectId(), title: 'More', lessons: lessons.slice(2) },
  ];
  const course = await insertCourse({ title: 'Physics for Class Nine', instructorName: 'Dr. Farhana Akter', curriculum, ...overrides });
  return { course, courseId: course._id.toHexString(), lessonIds: lessons.map((entry) => entry._id.toHexString()) };
}

/** An account as registration stores it, with a paid order for `course` unless told otherwise. */
async function learnerOf(course: CourseDocument, { name = 'Ada Lovelace', paid = true, role = 'user' as 'user' | 'admin' } = {}) {
  const _id = new ObjectId();
  const email = `${_id.toHexString()}@example.com`;
  await (await m.db.collection('users')).insertOne({ _id, email, name, role, sessionVersion: 0, createdAt: new Date() });
  if (paid) await insertOrder({ id: _id.toHexString(), name, email }, course, { itemKind: 'course', paid: true });
  return { id: _id.toHexString(), role };
}

async function completeAll(learner: { id: string; role: 'user' | 'admin' }, courseId: string, lessonIds: string[]) {
  for (const lessonId of lessonIds) await m.progress.saveLessonProgress(learner, { courseId, lessonId, completed: true });
}

/** Lessons marked complete straight in the learner's progress document, as a request that stopped before issuing would leave it. */
async function storeCompleted(userId: string, courseId: string, lessonIds: string[]) {
  const now = new Date();
  const lessons = Object.fromEntries(lessonIds.map((lessonId) => [`lessons.${lessonId}`, { completedAt: now, updatedAt: now }]));
  await (await m.db.collection('courseProgress')).updateOne(
    { _id: courseProgressKey(userId, courseId) },
    { $setOnInsert: { userId: new ObjectId(userId), courseId: new ObjectId(courseId) }, $set: { ...lessons, updatedAt: now } },
    { upsert: true },
  );
}

async function progressDocument(userId: string, courseId: string) {
  const document = await (await m.db.collection('courseProgress')).findOne({ _id: courseProgressKey(userId, courseId) });
  if (!document) throw new Error('no progress');
  return document;
}

async function certificateCount(): Promise<number> {
  return (await m.db.collection('certificates')).countDocuments({});
}


describe('issuing a certificate', () => {
  it('issues one when the last lesson is completed, saying who, what, how long, taught by whom and when', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course);

    fakeDateAt('2026-03-01T09:00:00.000Z');
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[0]!, completed: true });
    jest.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[2]!, completed: true });
    // A position alone never completes anything.
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[1]!, positionSeconds: 30 });
    expect(await certificateCount()).toBe(0);
    expect((await m.progress.readCourseProgress(learner, courseId)).certificateId).toBeNull();

    jest.setSystemTime(new Date('2026-03-04T15:30:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[1]!, completed: true });
    jest.useRealTimers();

    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);
    expect(certificateId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const certificate = await m.certificates.findCertificate(certificateId ?? '');
    expect(certificate).toEqual({
      id: certificateId,
      userId: learner.id,
      courseId,
      learnerName: 'Ada Lovelace',
      courseTitle: 'Physics for Class Nine',
      // The course has no Bengali title.
      courseTitles: {},
      instructorName: 'Dr. Farhana Akter',
      // The length of the course's three lessons of 5 minutes.
      courseLengthSeconds: 900,
      completedAt: new Date('2026-03-04T15:30:00.000Z'),
      issuedAt: new Date('2026-03-04T15:30:00.000Z'),
      withdrawal: null,
    });

    // Completing a lesson again changes nothing: still the one certificate.
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[0]!, completed: true });
    expect(await certificateCount()).toBe(1);
    expect((await m.progress.readCourseProgress(learner, courseId)).certificateId).toBe(certificateId);

    // My Collection shows the way to it, and the lesson the learner was last in.
    const shelf = await m.collection.listCollection(learner, 1);
    expect(shelf.items[0]?.access).toMatchObject({ kind: 'course', percent: 100, started: true, lastLessonTitle: 'Welcome', certificateHref: routes.certificate(certificateId ?? '') });
  });

  it("keeps the account's name as it was when the certificate was issued", async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course, { name: 'রবীন্দ্রনাথ ঠাকুর' });
    await completeAll(learner, courseId, lessonIds);
    await (await m.db.collection('users')).updateOne({ _id: new ObjectId(learner.id) }, { $set: { name: 'Someone Else' } });
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { title: 'Renamed course' } });

    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);
    expect(await m.certificates.findCertificate(certificateId ?? '')).toMatchObject({ learnerName: 'রবীন্দ্রনাথ ঠাকুর', courseTitle: 'Physics for Class Nine' });
  });

  it('states the course’s Bengali title on the Bengali certificate: the one it had when issued, or the course’s own for an older certificate', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse({ translations: { bn: { title: 'নবম শ্রেণির পদার্থবিজ্ঞান' } } });
    const learner = await learnerOf(course);
    await completeAll(learner, courseId, lessonIds);
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { translations: { bn: { title: 'নতুন নাম' } } } });
    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);
    const certificate = await m.certificates.findCertificate(certificateId ?? '');
    if (!certificate) throw new Error('no certificate');
    expect(certificate.courseTitles).toEqual({ bn: 'নবম শ্রেণির পদার্থবিজ্ঞান' });
    expect((await m.certificates.certificateInLocale(certificate, 'bn')).courseTitle).toBe('নবম শ্রেণির পদার্থবিজ্ঞান');
    expect((await m.certificates.certificateInLocale(certificate, 'en')).courseTitle).toBe('Physics for Class Nine');

    // Issued before titles in other languages were kept: the course's Bengali title now, else English.
    const older = { ...certificate, courseTitles: {} };
    expect((await m.certificates.certificateInLocale(older, 'bn')).courseTitle).toBe('নতুন নাম');
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $unset: { translations: '' } });
    expect((await m.certificates.certificateInLocale(older, 'bn')).courseTitle).toBe('Physics for Class Nine');
  });

  it('issues nothing while a lesson is not complete, to an admin previewing the course, or without a paid order', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const partway = await learnerOf(course);
    await completeAll(partway, courseId, lessonIds.slice(0, 2));
    const admin = await learnerOf(course, { role: 'admin', paid: false });
    await completeAll(admin, courseId, lessonIds);
    expect(await certificateCount()).toBe(0);
    expect((await m.progress.readCourseProgress(admin, courseId)).certificateId).toBeNull();

    // Every lesson complete but the order unpaid (the progress written as an admin would have).
    const unpaid = await learnerOf(course, { paid: false });
    await storeCompleted(unpaid.id, courseId, lessonIds);
    const found = await m.learning.findLearningCourse(courseId);
    if (!found) throw new Error('no course');
    expect(await m.certificates.issueCertificateIfComplete(unpaid.id, found, await progressDocument(unpaid.id, courseId))).toBeNull();
    expect(await certificateCount()).toBe(0);
  });

  it('counts only the lessons the curriculum has, and never a course without lessons', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const found = await m.learning.findLearningCourse(courseId);
    if (!found) throw new Error('no course');
    const at = (iso: string) => ({ completedAt: new Date(iso), updatedAt: new Date(iso) });
    const lessons = { [lessonIds[0]!]: at('2026-01-01T00:00:00Z'), [lessonIds[1]!]: at('2026-01-03T00:00:00Z'), [lessonIds[2]!]: at('2026-01-02T00:00:00Z') };
    expect(m.certificates.completionDate(found, { lessons })).toEqual(new Date('2026-01-03T00:00:00Z'));
    // A lesson removed from the curriculum, completed later, does not move the date.
    expect(m.certificates.completionDate(found, { lessons: { ...lessons, [new ObjectId().toHexString()]: at('2026-05-01T00:00:00Z') } })).toEqual(new Date('2026-01-03T00:00:00Z'));
    const { [lessonIds[1]!]: _missing, ...incomplete } = lessons;
    expect(m.certificates.completionDate(found, { lessons: incomplete })).toBeNull();
    expect(m.certificates.completionDate({ curriculum: [] }, { lessons })).toBeNull();
    expect(course.curriculum).toHaveLength(2);
  });

  it('gives exactly one certificate per learner and course when many requests finish the course at once', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course);
    await completeAll(learner, courseId, lessonIds.slice(0, 2));

    // Twenty completions of the last lesson at once (tabs, retries, instances)…
    const saves = await Promise.allSettled(Array.from({ length: 20 }, () => m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[2]!, completed: true })));
    expect(saves.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await certificateCount()).toBe(1);
    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);

    // …and twenty direct calls that all still see no certificate in the progress they were given.
    const other = await learnerOf(course, { name: 'Grace Hopper' });
    await storeCompleted(other.id, courseId, lessonIds);
    const progress = await progressDocument(other.id, courseId);
    expect(progress.certificateId).toBeUndefined();
    const found = await m.learning.findLearningCourse(courseId);
    if (!found) throw new Error('no course');
    const issued = await Promise.all(Array.from({ length: 20 }, () => m.certificates.issueCertificateIfComplete(other.id, found, progress)));
    expect(new Set(issued).size).toBe(1);
    expect(issued[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(issued[0]).not.toBe(certificateId);
    expect(await certificateCount()).toBe(2);
    expect((await progressDocument(other.id, courseId)).certificateId).toBe(issued[0]);
  });
});

describe('certificate ids', () => {
  it('are 128 random bits in base64url, different for every certificate', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const learner = await learnerOf(course, { name: `Learner ${'abcdef'[index]}` });
      await completeAll(learner, courseId, lessonIds);
      ids.push((await m.progress.readCourseProgress(learner, courseId)).certificateId ?? '');
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const bytes = Buffer.from(id, 'base64url');
      expect(bytes).toHaveLength(16);
      expect(bytes.toString('base64url')).toBe(id);
    }
    // Ids issued one after another share no common prefix a visitor could walk along.
    const prefixes = new Set(ids.map((id) => id.slice(0, 4)));
    expect(prefixes.size).toBe(ids.length);
    // A neighbour of a real id is just an unknown certificate.
    const first = ids[0] ?? '';
    const neighbour = `${first.slice(0, 20)}${first[20] === 'A' ? 'B' : 'A'}${first[21]}`;
    expect(await m.certificates.findCertificate(neighbour)).toBeNull();
  });

  it('answers malformed ids as unknown without touching the database', async () => {
    const malformed = ['', 'abc', 'A'.repeat(21), 'A'.repeat(23), `${'A'.repeat(21)}B`, `${'A'.repeat(20)}+A`, `${'A'.repeat(20)}/A`, `${'A'.repeat(20)}A==`, '{"$ne":null}', '../../etc/passwd', 'x'.repeat(10_000)];
    // Point the client at a port nothing listens on: any database call would fail (after 2 s) instead of answering null.
    const uri = process.env.MONGODB_URI;
    await m.db.closeDb();
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:9/nothing-here';
    try {
      const started = performance.now();
      for (const id of malformed) expect(await m.certificates.findCertificate(id)).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await m.db.closeDb();
      process.env.MONGODB_URI = uri;
    }
  });

  it('makes the proxy answer 404 for certificate addresses whose id cannot exist', () => {
    const valid = `${'a'.repeat(21)}w`;
    expect(isImpossibleCertificateAddress(`/certificates/${valid}`)).toBe(false);
    expect(isImpossibleCertificateAddress(`/certificates/${valid}/`)).toBe(false);
    expect(isImpossibleCertificateAddress(`/certificates/${valid}/pdf`)).toBe(false);
    for (const address of ['/certificates/abc', '/certificates/abc/pdf', `/certificates/${valid}x`, '/certificates/', `/certificates/${'a'.repeat(22)}`]) {
      expect(isImpossibleCertificateAddress(address)).toBe(true);
    }
    // Other addresses are not the certificate rule's business.
    expect(isImpossibleCertificateAddress('/learn/abc')).toBe(false);
    expect(isImpossibleCertificateAddress(`/certificates/${valid}/other`)).toBe(false);
  });
});

describe('withdrawCertificate', () => {
  it('withdraws the certificate of a refunded course with its reason, once', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course);
    await completeAll(learner, courseId, lessonIds);
    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);

    fakeDateAt('2026-06-10T12:00:00.000Z');
    const withdrawn = await m.certificates.withdrawCertificate(learner.id, courseId, '  The order was refunded.  ');
    expect(withdrawn).toMatchObject({ id: certificateId, withdrawal: { at: new Date('2026-06-10T12:00:00.000Z'), reason: 'The order was refunded.' } });
    jest.setSystemTime(new Date('2026-06-11T12:00:00.000Z'));
    const again = await m.certificates.withdrawCertificate(learner.id, courseId, 'Another reason');
    expect(again?.withdrawal).toEqual({ at: new Date('2026-06-10T12:00:00.000Z'), reason: 'The order was refunded.' });
    jest.useRealTimers();
    expect((await m.certificates.findCertificate(certificateId ?? ''))?.withdrawal?.reason).toBe('The order was refunded.');
    expect(await certificateCount()).toBe(1);
  });

  it('finds a certificate the progress does not name yet (a process stopped between the two writes)', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course);
    await completeAll(learner, courseId, lessonIds);
    const { certificateId } = await m.progress.readCourseProgress(learner, courseId);
    await (await m.db.collection('courseProgress')).updateOne({ _id: courseProgressKey(learner.id, courseId) }, { $unset: { certificateId: '' } });

    expect(await m.certificates.withdrawCertificate(learner.id, courseId, 'Refunded')).toMatchObject({ id: certificateId, withdrawal: { reason: 'Refunded' } });
  });

  it('answers null for a learner without a certificate and 400 for bad input', async () => {
    const { course, courseId, lessonIds } = await threeLessonCourse();
    const learner = await learnerOf(course);
    expect(await m.certificates.withdrawCertificate(learner.id, courseId, 'Refunded')).toBeNull();
    await completeAll(learner, courseId, lessonIds.slice(0, 1));
    expect(await m.certificates.withdrawCertificate(learner.id, courseId, 'Refunded')).toBeNull();

    await expectHttpError(m.certificates.withdrawCertificate(learner.id, courseId, '   '), 400);
    await expectHttpError(m.certificates.withdrawCertificate(learner.id, courseId, 'x'.repeat(301)), 400);
    await expectHttpError(m.certificates.withdrawCertificate('not-an-id', courseId, 'Refunded'), 400);
    await expectHttpError(m.certificates.withdrawCertificate(learner.id, '{"$ne":null}', 'Refunded'), 400);
  });
});

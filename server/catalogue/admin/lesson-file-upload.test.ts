import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { formatFileSize } from '@/lib/book-file-upload';
import { createSamplePdf } from '@/scripts/demo-files';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CurriculumSectionDocument, LessonDocument } from '../../platform/documents';
import type { Actor } from '../../accounts/permissions';
import { bodyOf, endlessBody, refusal } from '@/tests/support/request-bodies';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// Lesson uploads (POST /api/uploads/lesson-file) against the real embedded database: a video
// lesson takes a real WebM or MP4 (stored in chunks, replacing a YouTube address and the earlier
// file), a file lesson a PDF or Office document, any lesson PDF notes (marked in the outline);
// the type comes from the bytes, the size limit holds before and while streaming, the stored name
// is safe, only admins may upload, and a refused upload leaves no chunks behind.
selectPrivateDatabase('kz_jest_lesson_file_upload');

type Modules = {
  upload: typeof import('./lesson-file-upload');
  chunks: typeof import('../../platform/chunked-files');
  courses: typeof import('../courses');
  audit: typeof import('../../platform/audit');
  http: typeof import('../../platform/http');
  db: typeof import('../../platform/db');
};
let m: Modules;

// A fresh admin per test, so the per-admin write allowance never runs out.
let admin: Actor;

const webm = readFileSync(path.join(process.cwd(), 'scripts/seed-data/media/motion.webm'));
/** An ISO base media file: an `ftyp` box at bytes 4..8, then enough bytes for three chunks. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(600_000, 1)]);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  m = {
    upload: await import('./lesson-file-upload'),
    chunks: await import('../../platform/chunked-files'),
    courses: await import('../courses'),
    audit: await import('../../platform/audit'),
    http: await import('../../platform/http'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
  const db = await m.db.getDb();
  await Promise.all(['courses', 'lessons', 'lessonFileChunks', 'auditLog'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

/** A course with one section holding a video, an article and a file lesson; the video lesson plays from YouTube so far. */
async function course() {
  const video = new ObjectId();
  const article = new ObjectId();
  const file = new ObjectId();
  const curriculum: CurriculumSectionDocument[] = [
    {
      _id: new ObjectId(),
      title: 'Week 1',
      lessons: [
        { _id: video, title: 'Motion', kind: 'video', freePreview: false },
        { _id: article, title: 'Reading', kind: 'article', freePreview: false },
        { _id: file, title: 'Worksheet', kind: 'file', freePreview: false },
      ],
    },
  ];
  const inserted = await insertCourse({ title: 'Kinematics', curriculum, curriculumVersion: 1 } as Parameters<typeof insertCourse>[0]);
  await (await m.db.collection('lessons')).insertOne({ _id: video, courseId: inserted._id, kind: 'video', youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', updatedAt: new Date() });
  return { courseId: inserted._id.toHexString(), video: video.toHexString(), article: article.toHexString(), file: file.toHexString() };
}

function upload(actor: Actor, target: { courseId: string; lessonId: string; part: string }, data: Buffer, fileName: string | null, options: { contentLength?: string | null; maxBytes?: number } = {}) {
  const { stream, stats } = bodyOf(data);
  const contentLength = options.contentLength === undefined ? String(data.length) : options.contentLength;
  const promise = m.upload.uploadLessonFile(actor, target, stream, { contentLength, fileName }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  return { promise, stats };
}

async function lessonDocument(id: string): Promise<LessonDocument | null> {
  return (await m.db.collection('lessons')).findOne({ _id: new ObjectId(id) });
}

async function chunkCount(fileId?: ObjectId): Promise<number> {
  const chunks = (await m.db.getDb()).collection('lessonFileChunks');
  return chunks.countDocuments(fileId ? { '_id.fileId': fileId } : {});
}

/** The stored file's bytes, read back chunk by chunk. */
async function storedBytes(fileId: ObjectId): Promise<Buffer> {
  const chunks = await (await m.db.collection('lessonFileChunks')).find({ '_id.fileId': fileId }).sort({ _id: 1 }).toArray();
  return Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.data.buffer)));
}

describe('videos', () => {
  it('stores a real WebM clip in chunks, replaces the YouTube address and audits the upload', async () => {
    const { courseId, video } = await course();

    const stored = await upload(admin, { courseId, lessonId: video, part: 'video' }, webm, 'motion.webm').promise;

    expect(stored).toEqual({ part: 'video', name: 'motion.webm', length: webm.length, size: formatFileSize(webm.length) });
    const lesson = await lessonDocument(video);
    expect(lesson?.video).toEqual({ fileId: expect.any(ObjectId), name: 'motion.webm', contentType: 'video/webm', length: webm.length, chunkSize: m.chunks.FILE_CHUNK_SIZE });
    expect(lesson).not.toHaveProperty('youtubeUrl');
    expect(lesson).toMatchObject({ kind: 'video', courseId: new ObjectId(courseId) });
    const fileId = lesson?.video?.fileId as ObjectId;
    expect(await chunkCount(fileId)).toBe(Math.ceil(webm.length / m.chunks.FILE_CHUNK_SIZE));
    expect((await storedBytes(fileId)).equals(webm)).toBe(true);
    expect((await m.audit.listAuditLog(READER, 1)).items).toMatchObject([
      { action: 'upload-file', entity: 'course', entityId: courseId, actorEmail: 'admin@example.com', summary: `Uploaded the video “motion.webm” (${stored.size}) of the lesson “Motion” in “Kinematics”` },
    ]);
  });

  it('accepts an MP4 (ftyp box) as video/mp4 with the real extension, and a new upload replaces the file and its old chunks', async () => {
    const { courseId, video } = await course();
    const target = { courseId, lessonId: video, part: 'video' };

    const first = await upload(admin, target, mp4, 'lecture.mov').promise;
    const before = (await lessonDocument(video))?.video;
    expect(first).toMatchObject({ name: 'lecture.mp4', length: mp4.length });
    expect(before).toMatchObject({ contentType: 'video/mp4', name: 'lecture.mp4', length: mp4.length });
    const oldFile = before?.fileId as ObjectId;
    expect(await chunkCount(oldFile)).toBe(3);
    expect((await storedBytes(oldFile)).equals(mp4)).toBe(true);

    await upload(admin, target, webm, 'motion.webm').promise;

    const after = (await lessonDocument(video))?.video;
    expect(after).toMatchObject({ contentType: 'video/webm', name: 'motion.webm', length: webm.length });
    expect(after?.fileId.equals(oldFile)).toBe(false);
    expect(await chunkCount(oldFile)).toBe(0);
    expect(await chunkCount()).toBe(await chunkCount(after?.fileId));
    expect((await m.audit.listAuditLog(READER, 1)).items.map((entry) => entry.action)).toEqual(['upload-file', 'upload-file']);
  });
});

describe('refusals', () => {
  it('refuses an HTML page or a PDF sent as a video (415) and keeps the YouTube address', async () => {
    const { courseId, video } = await course();
    for (const [name, data] of [['clip.mp4', html], ['clip.webm', createSamplePdf('Not a video')]] as const) {
      expect(await refusal(upload(admin, { courseId, lessonId: video, part: 'video' }, data, name).promise)).toEqual({ status: 415, message: 'Only MP4 or WebM videos are allowed.' });
    }
    expect(await chunkCount()).toBe(0);
    expect(await lessonDocument(video)).toMatchObject({ youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(await lessonDocument(video)).not.toHaveProperty('video');
    expect((await m.audit.listAuditLog(READER, 1)).total).toBe(0);
  });

  it('answers 400 for a part the lesson has not, a bad part name, malformed ids or an empty body; 404 for an unknown lesson or course', async () => {
    const { courseId, video, article } = await course();
    const cases: [string, { courseId: string; lessonId: string; part: string }, Buffer, number][] = [
      ['video to an article lesson', { courseId, lessonId: article, part: 'video' }, webm, 400],
      ['file to a video lesson', { courseId, lessonId: video, part: 'file' }, createSamplePdf('x'), 400],
      ['bad part name', { courseId, lessonId: video, part: 'thumbnail' }, webm, 400],
      ['malformed course id', { courseId: 'not-an-id', lessonId: video, part: 'video' }, webm, 400],
      ['malformed lesson id', { courseId, lessonId: '../../etc', part: 'video' }, webm, 400],
      ['empty body', { courseId, lessonId: video, part: 'video' }, Buffer.alloc(0), 400],
      ['unknown lesson', { courseId, lessonId: new ObjectId().toHexString(), part: 'video' }, webm, 404],
      ['unknown course', { courseId: new ObjectId().toHexString(), lessonId: video, part: 'video' }, webm, 404],
    ];
    for (const [name, target, data, status] of cases) {
      expect([name, (await refusal(upload(admin, target, data, 'x.webm').promise)).status]).toEqual([name, status]);
    }
    // An empty chunked body too, and a Content-Length that is not a number.
    expect((await refusal(upload(admin, { courseId, lessonId: video, part: 'video' }, Buffer.alloc(0), 'x.webm', { contentLength: null }).promise)).status).toBe(400);
    expect((await refusal(upload(admin, { courseId, lessonId: video, part: 'video' }, webm, 'x.webm', { contentLength: '12abc' }).promise)).status).toBe(400);
    expect(await chunkCount()).toBe(0);
  });

  it('answers 413 from the Content-Length alone, before reading a byte of the body', async () => {
    const { courseId, video } = await course();
    const small = upload(admin, { courseId, lessonId: video, part: 'video' }, webm, 'motion.webm', { maxBytes: 1000 });
    expect((await refusal(small.promise)).status).toBe(413);
    expect(small.stats.pulled).toBe(0);

    const huge = upload(admin, { courseId, lessonId: video, part: 'video' }, webm, 'motion.webm', { contentLength: String(600 * 1024 * 1024) });
    expect(await refusal(huge.promise)).toEqual({ status: 413, message: 'The file must be at most 500.0 MB.' });
    expect(huge.stats.pulled).toBe(0);
    expect(await chunkCount()).toBe(0);
  });

  it('answers 413 for a chunked body that grows past the limit, and leaves no chunks behind', async () => {
    const { courseId, video } = await course();
    // More than one chunk is written before the limit is passed, so the clean-up is exercised.
    const maxBytes = m.chunks.FILE_CHUNK_SIZE + 100_000;
    const { stream, stats } = endlessBody(webm.subarray(0, 1000));

    const refused = await refusal(m.upload.uploadLessonFile(admin, { courseId, lessonId: video, part: 'video' }, stream, { contentLength: null, fileName: 'endless.webm' }, { maxBytes }));

    expect(refused.status).toBe(413);
    expect(stats.pulled).toBeLessThanOrEqual(maxBytes + 2 * 64 * 1024);
    expect(await chunkCount()).toBe(0);
    expect(await lessonDocument(video)).not.toHaveProperty('video');
  });

  it('refuses a body shorter than its Content-Length and stores nothing', async () => {
    const { courseId, video } = await course();
    const refused = await refusal(upload(admin, { courseId, lessonId: video, part: 'video' }, webm, 'motion.webm', { contentLength: String(webm.length + 10) }).promise);
    expect(refused.status).toBe(400);
    expect(await chunkCount()).toBe(0);
    expect(await lessonDocument(video)).not.toHaveProperty('video');
  });

  it('refuses a non-admin with 403 before reading the body', async () => {
    const { courseId, video } = await course();
    const user: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };
    const attempt = upload(user, { courseId, lessonId: video, part: 'video' }, webm, 'motion.webm');
    expect(await refusal(attempt.promise)).toEqual({ status: 403, message: 'Forbidden access' });
    expect(attempt.stats.pulled).toBe(0);
    expect(await chunkCount()).toBe(0);
    expect(await lessonDocument(video)).toMatchObject({ youtubeUrl: expect.any(String) });
  });
});

describe('file lessons', () => {
  it('accepts a PDF download', async () => {
    const { courseId, file } = await course();
    const pdf = createSamplePdf('Worksheet');
    const stored = await upload(admin, { courseId, lessonId: file, part: 'file' }, pdf, 'Worksheet%201.pdf').promise;
    expect(stored).toMatchObject({ part: 'file', name: 'Worksheet 1.pdf', length: pdf.length });
    expect((await lessonDocument(file))?.file).toMatchObject({ contentType: 'application/pdf', name: 'Worksheet 1.pdf', length: pdf.length });
    expect((await storedBytes((await lessonDocument(file))?.file?.fileId as ObjectId)).equals(pdf)).toBe(true);
  });

  it('gives a ZIP named .docx the Word type, and a plain ZIP the ZIP type', async () => {
    const { courseId, file } = await course();
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(500)]);

    await upload(admin, { courseId, lessonId: file, part: 'file' }, zip, 'report.docx').promise;
    expect((await lessonDocument(file))?.file).toMatchObject({ contentType: WORD, name: 'report.docx' });

    await upload(admin, { courseId, lessonId: file, part: 'file' }, zip, 'archive.zip').promise;
    expect((await lessonDocument(file))?.file).toMatchObject({ contentType: 'application/zip', name: 'archive.zip' });
  });

  it('refuses HTML, and a PDF header in front of HTML, as a download (415)', async () => {
    const { courseId, file } = await course();
    const polyglot = Buffer.from(`%PDF-1.4\n<html><script>alert(1)</script></html>${' '.repeat(300_000)}`, 'latin1');
    for (const data of [html, polyglot]) {
      const refused = await refusal(upload(admin, { courseId, lessonId: file, part: 'file' }, data, 'evil.pdf').promise);
      expect(refused).toEqual({ status: 415, message: 'Only PDF, MP3, ZIP (including Word, Excel and PowerPoint files), PNG or JPEG files are allowed.' });
    }
    expect(await chunkCount()).toBe(0);
  });

  it('stores a safe name: no path, no control characters, the real extension, the lesson title when none is left', async () => {
    const { courseId, file } = await course();
    const pdf = createSamplePdf('Names');
    const names: [string | null, string][] = [
      ['..%2F..%2Fetc%2Fpasswd', 'passwd.pdf'],
      ['..\\..\\windows\\win.ini', 'win.pdf'],
      ['evil%00name%0D%0A.exe', 'evilname.pdf'],
      ['tab\tand\u0007bell.html', 'tabandbell.pdf'],
      ['..%2F', 'Worksheet.pdf'],
      ['%E0%A4%A', 'Worksheet.pdf'],
      [null, 'Worksheet.pdf'],
    ];
    for (const [sent, expected] of names) {
      const stored = await upload(admin, { courseId, lessonId: file, part: 'file' }, pdf, sent).promise;
      expect([sent, stored.name]).toEqual([sent, expected]);
      expect([sent, (await lessonDocument(file))?.file?.name]).toEqual([sent, expected]);
    }
    // Only the last upload's chunks are kept.
    expect(await chunkCount()).toBe(1);
  });
});

describe('notes', () => {
  it('stores a PDF as any lesson’s notes and marks hasNotes in the course outline', async () => {
    const { courseId, video, article } = await course();
    const pdf = createSamplePdf('Notes');

    const stored = await upload(admin, { courseId, lessonId: video, part: 'notes' }, pdf, 'notes.pdf').promise;
    await upload(admin, { courseId, lessonId: article, part: 'notes' }, pdf, 'more.pdf').promise;

    expect(stored).toMatchObject({ part: 'notes', name: 'notes.pdf', length: pdf.length });
    expect((await lessonDocument(video))?.notes).toMatchObject({ contentType: 'application/pdf', name: 'notes.pdf' });
    // Notes leave the YouTube address alone.
    expect(await lessonDocument(video)).toMatchObject({ youtubeUrl: expect.any(String) });
    const shown = await m.courses.getCourse(courseId);
    expect(shown?.curriculum[0]?.lessons.map((lesson) => lesson.hasNotes)).toEqual([true, true, false]);
    const actions = (await m.audit.listAuditLog(READER, 1)).items.map((entry) => `${entry.action}: ${entry.summary}`);
    expect(actions).toContain('upload-file: Uploaded the notes “notes.pdf” (' + stored.size + ') of the lesson “Motion” in “Kinematics”');
  });

  it('refuses a non-PDF as notes with 415 and leaves the outline alone', async () => {
    const { courseId, video } = await course();
    const before = await (await m.db.collection('courses')).findOne({ _id: new ObjectId(courseId) });
    for (const data of [png, webm, html]) {
      expect(await refusal(upload(admin, { courseId, lessonId: video, part: 'notes' }, data, 'notes.pdf').promise)).toEqual({ status: 415, message: 'Notes must be a PDF file.' });
    }
    expect(await (await m.db.collection('courses')).findOne({ _id: new ObjectId(courseId) })).toEqual(before);
    expect(await lessonDocument(video)).not.toHaveProperty('notes');
    expect(await chunkCount()).toBe(0);
  });
});

import { ObjectId } from 'mongodb';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CurriculumSectionDocument, LessonDocument, StoredFileRef } from '../platform/documents';

// Lesson media against the real embedded database: a video stored in chunks streams back byte for
// byte to a buyer, whole or by HTTP Range across chunk boundaries; a free preview plays for anyone;
// everybody else is refused (401 signed out, 403 signed in), and bad addresses get 400/404.
selectPrivateDatabase('kz_jest_lesson_media');

type Modules = {
  media: typeof import('./lesson-media');
  chunks: typeof import('../platform/chunked-files');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    media: await import('./lesson-media'),
    chunks: await import('../platform/chunked-files'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'lessons', 'lessonFileChunks'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function* inPieces(data: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
}

/** Deterministic bytes that differ from one chunk to the next (251 is prime, so no chunk repeats another). */
function patterned(length: number): Buffer {
  const data = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) data[index] = index % 251;
  return data;
}

async function storeFile(data: Buffer, name: string, contentType: string): Promise<StoredFileRef> {
  const written = await m.chunks.writeChunks('lessonFileChunks', inPieces(data, 100_000));
  return { fileId: written.fileId, name, contentType, length: written.length, chunkSize: written.chunkSize };
}

/**
 * A course with a locked video lesson (a video over three chunks and a PDF download), a free
 * preview video lesson, and a lesson in the outline whose content was never saved; plus a buyer.
 */
async function courseWithVideo() {
  const chunk = m.chunks.FILE_CHUNK_SIZE;
  const video = patterned(2 * chunk + 12_345);
  const preview = patterned(50_000).reverse();
  const pdf = Buffer.from('%PDF-1.4 worksheet');
  const lockedId = new ObjectId();
  const freeId = new ObjectId();
  const emptyId = new ObjectId();
  const curriculum: CurriculumSectionDocument[] = [
    {
      _id: new ObjectId(),
      title: 'Videos',
      lessons: [
        { _id: freeId, title: 'Trailer', kind: 'video', durationSeconds: 30, freePreview: true },
        { _id: lockedId, title: 'Motion', kind: 'video', durationSeconds: 600, freePreview: false },
        { _id: emptyId, title: 'Coming', kind: 'video', freePreview: false },
      ],
    },
  ];
  const course = await insertCourse({ curriculum });
  const lessons: LessonDocument[] = [
    {
      _id: lockedId,
      courseId: course._id,
      kind: 'video',
      video: await storeFile(video, 'motion.webm', 'video/webm'),
      file: await storeFile(pdf, 'worksheet.pdf', 'application/pdf'),
      updatedAt: new Date(),
    },
    { _id: freeId, courseId: course._id, kind: 'video', video: await storeFile(preview, 'trailer.webm', 'video/webm'), updatedAt: new Date() },
  ];
  await (await m.db.collection('lessons')).insertMany(lessons);
  const buyer = makeBuyer('Viewer');
  await insertOrder(buyer, course, { itemKind: 'course', paid: true });
  return {
    courseId: course._id.toHexString(),
    lockedId: lockedId.toHexString(),
    freeId: freeId.toHexString(),
    emptyId: emptyId.toHexString(),
    video,
    preview,
    pdf,
    buyer: { id: buyer.id, role: 'user' as const },
  };
}

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (error) {
    if (error instanceof m.http.HttpError) return error.status;
    throw error;
  }
}

async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('lessonMediaResponse for a buyer', () => {
  it('stores the video over at least three chunks', async () => {
    const { video } = await courseWithVideo();
    expect(video.length).toBeGreaterThan(2 * m.chunks.FILE_CHUNK_SIZE);
    // Three chunks for the video, one for the PDF, one for the preview.
    expect(await (await m.db.collection('lessonFileChunks')).countDocuments({})).toBe(5);
  });

  it('serves the whole video with its length, type and inline disposition', async () => {
    const { courseId, lockedId, video, buyer } = await courseWithVideo();
    const response = await m.media.lessonMediaResponse(buyer, courseId, lockedId, 'video', null);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-range')).toBeNull();
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="motion\.webm"/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await bodyOf(response);
    expect(body.length).toBe(video.length);
    expect(body.equals(video)).toBe(true);
  });

  it('answers Range requests with 206 and the exact bytes, across chunk boundaries', async () => {
    const { courseId, lockedId, video, buyer } = await courseWithVideo();
    const chunk = m.chunks.FILE_CHUNK_SIZE;
    const cases: [string, number, number][] = [
      ['bytes=100-', 100, video.length - 1],
      [`bytes=${chunk - 50}-${chunk + 49}`, chunk - 50, chunk + 49],
      [`bytes=${chunk - 1}-${2 * chunk}`, chunk - 1, 2 * chunk],
      [`bytes=${2 * chunk}-${2 * chunk}`, 2 * chunk, 2 * chunk],
      ['bytes=-500', video.length - 500, video.length - 1],
      [`bytes=${video.length - 10}-${video.length + 1000}`, video.length - 10, video.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await m.media.lessonMediaResponse(buyer, courseId, lockedId, 'video', range);
      expect({ range, status: response.status }).toEqual({ range, status: 206 });
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      const body = await bodyOf(response);
      expect(body.length).toBe(end - start + 1);
      expect(body.equals(video.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 for a range past the end', async () => {
    const { courseId, lockedId, video, buyer } = await courseWithVideo();
    for (const range of [`bytes=${video.length}-`, `bytes=${video.length + 5000}-${video.length + 6000}`]) {
      const response = await m.media.lessonMediaResponse(buyer, courseId, lockedId, 'video', range);
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
      expect((await bodyOf(response)).length).toBe(0);
    }
  });

  it('serves the downloadable file as an attachment', async () => {
    const { courseId, lockedId, pdf, buyer } = await courseWithVideo();
    const response = await m.media.lessonMediaResponse(buyer, courseId, lockedId, 'file', null);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="worksheet\.pdf"/);
    expect((await bodyOf(response)).equals(pdf)).toBe(true);
  });

  it('serves an admin without an order', async () => {
    const { courseId, lockedId, video } = await courseWithVideo();
    const admin = { id: new ObjectId().toHexString(), role: 'admin' as const };
    const response = await m.media.lessonMediaResponse(admin, courseId, lockedId, 'video', 'bytes=0-99');
    expect(response.status).toBe(206);
    expect((await bodyOf(response)).equals(video.subarray(0, 100))).toBe(true);
  });
});

describe('lessonMediaResponse refusals and previews', () => {
  it('refuses a signed-in non-buyer with 403 and a signed-out visitor with 401', async () => {
    const { courseId, lockedId } = await courseWithVideo();
    const stranger = { id: new ObjectId().toHexString(), role: 'user' as const };
    expect(await statusOf(m.media.lessonMediaResponse(stranger, courseId, lockedId, 'video', null))).toBe(403);
    expect(await statusOf(m.media.lessonMediaResponse(stranger, courseId, lockedId, 'file', 'bytes=0-'))).toBe(403);
    expect(await statusOf(m.media.lessonMediaResponse(null, courseId, lockedId, 'video', null))).toBe(401);
  });

  it('refuses an unpaid order with 403', async () => {
    const { courseId, lockedId } = await courseWithVideo();
    const unpaid = makeBuyer('Unpaid');
    const course = await (await m.db.collection('courses')).findOne({ _id: new ObjectId(courseId) });
    await insertOrder(unpaid, course!, { itemKind: 'course', paid: false });
    expect(await statusOf(m.media.lessonMediaResponse({ id: unpaid.id, role: 'user' }, courseId, lockedId, 'video', null))).toBe(403);
  });

  it('plays a free preview to a signed-out visitor and to a non-buyer', async () => {
    const { courseId, freeId, preview } = await courseWithVideo();
    const response = await m.media.lessonMediaResponse(null, courseId, freeId, 'video', null);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(preview.length));
    expect((await bodyOf(response)).equals(preview)).toBe(true);

    const stranger = { id: new ObjectId().toHexString(), role: 'user' as const };
    const ranged = await m.media.lessonMediaResponse(stranger, courseId, freeId, 'video', 'bytes=1000-1999');
    expect(ranged.status).toBe(206);
    expect((await bodyOf(ranged)).equals(preview.subarray(1000, 2000))).toBe(true);
  });

  it('answers 404 for an unknown part, a part the lesson lacks, a lesson without content, and unknown ids', async () => {
    const { courseId, lockedId, freeId, emptyId, buyer } = await courseWithVideo();
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, lockedId, 'audio', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, lockedId, 'transcript', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, lockedId, 'notes', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(null, courseId, freeId, 'file', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, emptyId, 'video', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, new ObjectId().toHexString(), lockedId, 'video', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, new ObjectId().toHexString(), 'video', null))).toBe(404);
  });

  it("does not serve another course's lesson content under this course", async () => {
    const { courseId, lockedId, buyer } = await courseWithVideo();
    // A second course whose outline lists the first course's lesson id; its content belongs to the first course.
    const other = await insertCourse({
      curriculum: [{ _id: new ObjectId(), title: 'Copy', lessons: [{ _id: new ObjectId(lockedId), title: 'Motion', kind: 'video', freePreview: true }] }],
    });
    expect(await statusOf(m.media.lessonMediaResponse(null, other._id.toHexString(), lockedId, 'video', null))).toBe(404);
    expect(await statusOf(m.media.lessonMediaResponse(buyer, courseId, lockedId, 'video', null))).toBe(200);
  });

  it('answers 400 for malformed ids, before anything else', async () => {
    const { courseId, lockedId } = await courseWithVideo();
    const cases: [string, string][] = [
      ['not-an-id', lockedId],
      [courseId, 'not-an-id'],
      [`${courseId}0`, lockedId],
      [courseId, lockedId.slice(2)],
      ['', ''],
    ];
    for (const [course, lesson] of cases) {
      expect(await statusOf(m.media.lessonMediaResponse(null, course, lesson, 'video', null))).toBe(400);
      expect(await statusOf(m.media.lessonMediaResponse(null, course, lesson, 'audio', null))).toBe(400);
    }
  });
});

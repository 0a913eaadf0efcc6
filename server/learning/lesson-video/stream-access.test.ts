import { Binary, Collection, ObjectId } from 'mongodb';
import { SignJWT, UnsecuredJWT } from 'jose';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { statusOf } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CurriculumSectionDocument, LessonStreamDocument } from '../../platform/documents';

// Streaming a lesson video against the real embedded database: the lesson decides who gets a
// signed address (a buyer, an admin, anyone for a free preview); the address alone then serves the
// ladder's files, with Range and a long private cache, and nothing else: tokens expired, forged,
// changed or signed with another key are refused, and no path leaves the ladder it names.
selectPrivateDatabase('kz_jest_lesson_stream');

type Modules = {
  access: typeof import('./stream-access');
  files: typeof import('./stream-files');
  tokens: typeof import('./stream-tokens');
  progress: typeof import('../progress');
  db: typeof import('../../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    access: await import('./stream-access'),
    files: await import('./stream-files'),
    tokens: await import('./stream-tokens'),
    progress: await import('../progress'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'lessons', 'streamFiles', 'courseProgress'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

const SEGMENT = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

/** Waits, at most three seconds, until `done()`. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 300 && !done(); turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A ladder of one rung with one segment, stored as the transcoder stores it. */
async function storedLadder(): Promise<LessonStreamDocument> {
  const stream = new ObjectId();
  const files: [string, string, Buffer][] = [
    ['master.m3u8', 'application/vnd.apple.mpegurl', Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=250000,RESOLUTION=426x240\n240p/index.m3u8\n')],
    ['240p/index.m3u8', 'application/vnd.apple.mpegurl', Buffer.from('#EXTM3U\n#EXTINF:4.0,\nsegment000.ts\n#EXT-X-ENDLIST\n')],
    ['240p/segment000.ts', 'video/mp2t', SEGMENT],
    ['240p/segment001.ts', 'video/mp2t', SEGMENT.subarray(0, 500)],
  ];
  await (await m.db.collection('streamFiles')).insertMany(files.map(([path, contentType, data]) => ({ _id: `${stream.toHexString()}/${path}`, stream, contentType, data: new Binary(data) })));
  return { _id: stream, sourceFileId: new ObjectId(), durationSeconds: 4, rungs: [{ name: '240p', width: 426, height: 240, bytes: SEGMENT.length }], createdAt: new Date() };
}

/** A course with a paid video lesson and a free preview, each with a ladder, a video lesson without one yet, and a buyer. */
async function course() {
  const locked = new ObjectId();
  const free = new ObjectId();
  const pending = new ObjectId();
  const curriculum: CurriculumSectionDocument[] = [
    {
      _id: new ObjectId(),
      title: 'Videos',
      lessons: [
        { _id: free, title: 'Trailer', kind: 'video', freePreview: true },
        { _id: locked, title: 'Motion', kind: 'video', freePreview: false },
        { _id: pending, title: 'Forces', kind: 'video', freePreview: false },
      ],
    },
  ];
  const inserted = await insertCourse({ curriculum });
  const [lockedStream, freeStream] = [await storedLadder(), await storedLadder()];
  await (await m.db.collection('lessons')).insertMany([
    { _id: locked, courseId: inserted._id, kind: 'video', stream: lockedStream, updatedAt: new Date() },
    { _id: free, courseId: inserted._id, kind: 'video', stream: freeStream, updatedAt: new Date() },
    { _id: pending, courseId: inserted._id, kind: 'video', updatedAt: new Date() },
  ]);
  const buyer = makeBuyer('Viewer');
  await insertOrder(buyer, inserted, { itemKind: 'course', paid: true });
  return { courseId: inserted._id.toHexString(), locked: locked.toHexString(), free: free.toHexString(), pending: pending.toHexString(), lockedStream, buyer: { id: buyer.id, role: 'user' as const } };
}


/** The token and file path of an address under /api/lesson-stream. */
function partsOf(address: string): { token: string; path: string } {
  const [token, ...path] = address.slice(`${m.access.LESSON_STREAM_PATH}/`.length).split('/');
  return { token: token!, path: path.join('/') };
}

describe('who gets an address', () => {
  it('gives a buyer, an admin and (for a free preview) anyone a signed address; others get 401 or 403', async () => {
    const { courseId, locked, free, pending, buyer } = await course();
    const bought = await m.access.lessonStreamFor(buyer, courseId, locked);
    expect(bought).toMatchObject({ master: expect.stringMatching(/^\/api\/lesson-stream\/[\w-]+\.[\w-]+\.[\w-]+\/master\.m3u8$/), durationSeconds: 4, rungs: [{ name: '240p', bytes: 1000 }] });
    expect(new Date(bought!.expiresAt).getTime() - Date.now()).toBeGreaterThanOrEqual(m.tokens.STREAM_TOKEN_WINDOW_SECONDS * 1000 - 1000);
    expect(await m.access.lessonStreamFor({ id: new ObjectId().toHexString(), role: 'admin' }, courseId, locked)).not.toBeNull();
    expect(await m.access.lessonStreamFor(null, courseId, free)).not.toBeNull();

    expect(await statusOf(m.access.lessonStreamFor(null, courseId, locked))).toBe(401);
    expect(await statusOf(m.access.lessonStreamFor({ id: new ObjectId().toHexString(), role: 'user' }, courseId, locked))).toBe(403);
    expect(await statusOf(m.access.lessonStreamFor(buyer, courseId, new ObjectId().toHexString()))).toBe(404);
    expect(await statusOf(m.access.lessonStreamFor(buyer, 'not-an-id', locked))).toBe(400);
    // Not transcoded yet.
    expect(await m.access.lessonStreamFor(buyer, courseId, pending)).toBeNull();
  });

  it('gives everyone asking within a window the same address, so the browser’s cache keeps working', async () => {
    const { courseId, locked, buyer } = await course();
    expect((await m.access.lessonStreamFor(buyer, courseId, locked))?.master).toBe((await m.access.lessonStreamFor(buyer, courseId, locked))?.master);
  });
});

describe('serving the ladder on the token alone', () => {
  it('serves the playlists and segments, with Range and a year of private caching; loading it counts toward the refund rule once', async () => {
    const { courseId, locked, buyer } = await course();
    const { token } = partsOf((await m.access.lessonStreamFor(buyer, courseId, locked))!.master);

    const master = await m.access.lessonStreamFileResponse(token, 'master.m3u8', null);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await master.text()).toContain('240p/index.m3u8');
    expect((await m.progress.readCourseProgress(buyer, courseId)).mediaFetched.has(locked)).toBe(true);

    const whole = await m.access.lessonStreamFileResponse(token, '240p/segment000.ts', null);
    expect(whole.headers.get('content-type')).toBe('video/mp2t');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable, no-transform');
    expect(Buffer.from(await whole.arrayBuffer()).equals(SEGMENT)).toBe(true);
    const part = await m.access.lessonStreamFileResponse(token, '240p/segment000.ts', 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(SEGMENT.subarray(100, 200))).toBe(true);
    expect((await m.access.lessonStreamFileResponse(token, '240p/segment000.ts', 'bytes=5000-6000')).status).toBe(416);
  });

  it('reads the segment after the one served ahead of the player, so it comes from memory when asked for', async () => {
    const { courseId, locked, lockedStream, buyer } = await course();
    const { token } = partsOf((await m.access.lessonStreamFor(buyer, courseId, locked))!.master);
    // The database reads of the ladder's files, by path.
    const reads = jest.spyOn(Collection.prototype, 'findOne');
    const readPaths = () =>
      reads.mock.calls.flatMap(([filter]) => {
        const id = (filter as { _id?: unknown } | undefined)?._id;
        const prefix = `${lockedStream._id.toHexString()}/`;
        return typeof id === 'string' && id.startsWith(prefix) ? [id.slice(prefix.length)] : [];
      });
    try {
      await (await m.access.lessonStreamFileResponse(token, '240p/segment000.ts', null)).arrayBuffer();
      // The next read follows the answer a moment later (not awaited by it).
      await until(() => readPaths().length >= 2);
      expect(readPaths()).toEqual(['240p/segment000.ts', '240p/segment001.ts']);
      const following = await m.access.lessonStreamFileResponse(token, '240p/segment001.ts', null);
      expect(Buffer.from(await following.arrayBuffer()).equals(SEGMENT.subarray(0, 500))).toBe(true);
      // Asked for, it was not read again; then the one after it (past the end) was looked for.
      await until(() => readPaths().length >= 3);
      expect(readPaths()).toEqual(['240p/segment000.ts', '240p/segment001.ts', '240p/segment002.ts']);
    } finally {
      reads.mockRestore();
    }
    expect(m.access.followingSegment('240p/segment009.ts')).toBe('240p/segment010.ts');
    expect(m.access.followingSegment('audio/segment999.ts')).toBe('audio/segment1000.ts');
    expect(m.access.followingSegment('240p/index.m3u8')).toBeNull();
    expect(m.access.followingSegment('master.m3u8')).toBeNull();
  });

  it('refuses tokens expired, forged, changed, unsigned or signed with another key, and paths outside the ladder', async () => {
    const { courseId, locked, lockedStream, buyer } = await course();
    const grant = { userId: buyer.id, courseId, lessonId: locked, streamId: lockedStream._id.toHexString(), countsTowardRefund: true };

    const old = await m.tokens.signStreamToken(grant, Date.now() - 2 * m.tokens.STREAM_TOKEN_WINDOW_SECONDS * 1000 - 1000);
    expect(await statusOf(m.access.lessonStreamFileResponse(old.token, 'master.m3u8', null))).toBe(403);
    // A token found valid (and remembered so) is refused once it has expired all the same.
    const current = await m.tokens.signStreamToken(grant);
    expect(await m.tokens.verifyStreamToken(current.token)).toEqual(grant);
    expect(await m.tokens.verifyStreamToken(current.token, current.expiresAt.getTime() + 1000)).toBeNull();

    const { token } = await m.tokens.signStreamToken(grant);
    const [header, payload, signature] = token.split('.');
    const otherStream = Buffer.from(payload!, 'base64url').toString().replace(lockedStream._id.toHexString(), new ObjectId().toHexString());
    expect(await statusOf(m.access.lessonStreamFileResponse(`${header}.${Buffer.from(otherStream).toString('base64url')}.${signature}`, 'master.m3u8', null))).toBe(403);

    const claims = { crs: courseId, lsn: locked, str: lockedStream._id.toHexString() };
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(buyer.id).setAudience('knowledge-zone-lesson-stream').setExpirationTime('5m').sign(new Uint8Array(32).fill(7));
    expect(await statusOf(m.access.lessonStreamFileResponse(otherKey, 'master.m3u8', null))).toBe(403);
    const unsigned = new UnsecuredJWT(claims).setSubject(buyer.id).setAudience('knowledge-zone-lesson-stream').setExpirationTime('5m').encode();
    expect(await statusOf(m.access.lessonStreamFileResponse(unsigned, 'master.m3u8', null))).toBe(403);
    expect(await statusOf(m.access.lessonStreamFileResponse('not-a-token', 'master.m3u8', null))).toBe(403);

    for (const path of ['../master.m3u8', '240p/../../x', '240p/segment000.mp4', 'etc/passwd', '240p/segment9999999.ts', '']) {
      expect(await statusOf(m.access.lessonStreamFileResponse(token, path, null))).toBe(404);
    }
    expect(await statusOf(m.access.lessonStreamFileResponse(token, '360p/index.m3u8', null))).toBe(404);
  });

  it('a free preview’s address counts toward nothing', async () => {
    const { courseId, free, buyer } = await course();
    const { token } = partsOf((await m.access.lessonStreamFor(buyer, courseId, free))!.master);
    await m.access.lessonStreamFileResponse(token, 'master.m3u8', null);
    expect((await m.progress.readCourseProgress(buyer, courseId)).mediaFetched.size).toBe(0);
  });
});

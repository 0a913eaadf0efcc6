import { ObjectId } from 'mongodb';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { statusOf } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CurriculumSectionDocument } from '../../platform/documents';

// Captions and playback reports against the real embedded database: admins upload WebVTT or SRT
// per language (stored as WebVTT, a broken file refused with its reason and nothing changed); only
// those who may open the lesson get the captions and the transcript; the player's reports are kept
// once per playback session, whatever is sent twice, and summed per lesson for the editor.
selectPrivateDatabase('kz_jest_lesson_captions');

type Modules = {
  captions: typeof import('./captions');
  playback: typeof import('./playback-reports');
  curriculum: typeof import('../../catalogue/admin/curriculum');
  db: typeof import('../../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    captions: await import('./captions'),
    playback: await import('./playback-reports'),
    curriculum: await import('../../catalogue/admin/curriculum'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'lessons', 'lessonCaptions', 'videoPlaybacks', 'rateLimits', 'auditLog'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

const admin = { id: new ObjectId().toHexString(), role: 'admin' as const, email: 'admin@example.test' };

function body(text: string): ReadableStream<Uint8Array> {
  return new Blob([text]).stream();
}


/** A course with a paid video lesson, a free preview video and an article lesson, and a buyer. */
async function course() {
  const video = new ObjectId();
  const free = new ObjectId();
  const article = new ObjectId();
  const curriculum: CurriculumSectionDocument[] = [
    {
      _id: new ObjectId(),
      title: 'Videos',
      lessons: [
        { _id: free, title: 'Trailer', kind: 'video', freePreview: true },
        { _id: video, title: 'Motion', kind: 'video', freePreview: false, translations: { bn: { title: 'গতি' } } },
        { _id: article, title: 'Reading', kind: 'article', freePreview: false },
      ],
    },
  ];
  const inserted = await insertCourse({ curriculum });
  const buyer = makeBuyer('Viewer');
  await insertOrder(buyer, inserted, { itemKind: 'course', paid: true });
  const ids = { courseId: inserted._id.toHexString(), video: video.toHexString(), free: free.toHexString(), article: article.toHexString() };
  return { ...ids, buyer: { id: buyer.id, role: 'user' as const, email: 'viewer@example.test' }, stranger: { id: new ObjectId().toHexString(), role: 'user' as const, email: 'stranger@example.test' } };
}

const SRT = '1\n00:00:01,000 --> 00:00:03,500\nআজ আমরা গতি শিখব\n\n2\n00:00:04,000 --> 00:00:06,000\n<i>Speed</i> & velocity\n';

describe('captions', () => {
  it('stores an SRT upload as WebVTT for buyers, with the transcript to download, and lists it in the editor', async () => {
    const { courseId, video, buyer } = await course();
    const stored = await m.captions.uploadLessonCaptions(admin, { courseId, lessonId: video, language: 'bn' }, body(SRT), encodeURIComponent('গতি.srt'));
    expect(stored).toMatchObject({ locale: 'bn', name: 'গতি.vtt', cueCount: 2 });

    const [editor] = (await m.curriculum.listLessonContents(new ObjectId(courseId))).filter((lesson) => lesson.id === video);
    expect(editor?.captions).toEqual({ bn: { name: 'গতি.vtt', cueCount: 2 } });

    const lesson = await (await m.db.collection('lessons')).findOne({ _id: new ObjectId(video) });
    const tracks = m.captions.captionTracksOf(lesson!, courseId, video);
    expect(tracks).toEqual([{ locale: 'bn', src: `/api/learn/${courseId}/${video}/captions/bn.vtt?v=${stored.updatedAt.getTime()}` }]);

    const vtt = await m.captions.lessonCaptionsResponse(buyer, courseId, video, 'bn.vtt', String(stored.updatedAt.getTime()));
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await vtt.text()).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nআজ আমরা গতি শিখব\n\n00:00:04.000 --> 00:00:06.000\nSpeed &amp; velocity\n');
    // An old or missing version is not kept.
    expect((await m.captions.lessonCaptionsResponse(buyer, courseId, video, 'bn.vtt', null)).headers.get('cache-control')).toBe('private, no-cache');

    const transcript = await m.captions.lessonCaptionsResponse(buyer, courseId, video, 'bn.txt', null);
    expect(transcript.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''%E0%A6%97%E0%A6%A4%E0%A6%BF%20\(Bengali\)\.txt$/);
    expect(await transcript.text()).toBe('গতি\n\n[0:01] আজ আমরা গতি শিখব\n[0:04] Speed & velocity\n');

    expect(await m.captions.captionTranscriptOf(lesson!, courseId, 'bn')).toEqual({
      locale: 'bn',
      cues: [
        { start: 1, text: 'আজ আমরা গতি শিখব' },
        { start: 4, text: 'Speed & velocity' },
      ],
      download: `/api/learn/${courseId}/${video}/captions/bn.txt`,
    });
    // The English page falls back to the default language only: no English captions, no transcript from them.
    expect(await m.captions.captionTranscriptOf(lesson!, courseId, 'en')).toBeNull();
  });

  it('refuses broken files, other lessons and non-admins with the reason, changing nothing', async () => {
    const { courseId, video, article, buyer } = await course();
    const target = { courseId, lessonId: video, language: 'en' };
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, target, body('WEBVTT\n\n00:05.000 --> 00:01.000\nBackwards\n'), null))).toBe(422);
    await expect(m.captions.uploadLessonCaptions(admin, target, body('just some text'), null)).rejects.toThrow('This is not a WebVTT or SRT captions file.');
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, target, body(''), null))).toBe(400);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, target, new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0x41])]).stream(), null))).toBe(415);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, target, body(`WEBVTT\n\n${'00:01.000 --> 00:02.000\nx\n\n'.repeat(60_000)}`), null))).toBe(413);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, { ...target, language: 'fr' }, body(SRT), null))).toBe(400);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, { ...target, lessonId: article }, body(SRT), null))).toBe(400);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, { ...target, lessonId: new ObjectId().toHexString() }, body(SRT), null))).toBe(404);
    expect(await statusOf(m.captions.uploadLessonCaptions(admin, { ...target, courseId: 'nope' }, body(SRT), null))).toBe(400);
    expect(await statusOf(m.captions.uploadLessonCaptions(buyer, target, body(SRT), null))).toBe(403);
    expect(await (await m.db.collection('lessonCaptions')).countDocuments()).toBe(0);
    expect(await (await m.db.collection('lessons')).countDocuments({ captions: { $exists: true } })).toBe(0);
  });

  it('serves captions only to those who may open the lesson, and removes them', async () => {
    const { courseId, video, free, buyer, stranger } = await course();
    for (const lessonId of [video, free]) await m.captions.uploadLessonCaptions(admin, { courseId, lessonId, language: 'en' }, body(SRT), 'a.srt');
    expect(await statusOf(m.captions.lessonCaptionsResponse(null, courseId, video, 'en.vtt', null))).toBe(401);
    expect(await statusOf(m.captions.lessonCaptionsResponse(stranger, courseId, video, 'en.txt', null))).toBe(403);
    expect(await statusOf(m.captions.lessonCaptionsResponse(null, courseId, free, 'en.vtt', null))).toBe(200);
    expect(await statusOf(m.captions.lessonCaptionsResponse(buyer, courseId, video, 'bn.vtt', null))).toBe(404);
    expect(await statusOf(m.captions.lessonCaptionsResponse(buyer, courseId, video, '../en.vtt', null))).toBe(404);
    expect(await statusOf(m.captions.lessonCaptionsResponse(buyer, courseId, video, 'fr.vtt', null))).toBe(404);

    expect(await m.captions.removeLessonCaptions(admin, { courseId, lessonId: video, language: 'en' })).toBe(true);
    expect(await m.captions.removeLessonCaptions(admin, { courseId, lessonId: video, language: 'en' })).toBe(false);
    expect(await statusOf(m.captions.lessonCaptionsResponse(buyer, courseId, video, 'en.vtt', null))).toBe(404);
    expect(await statusOf(m.captions.removeLessonCaptions(buyer, { courseId, lessonId: free, language: 'en' }))).toBe(403);

    // A deleted lesson takes its captions with it.
    await m.curriculum.deleteCourseLessons(new ObjectId(courseId));
    expect(await (await m.db.collection('lessonCaptions')).countDocuments()).toBe(0);
  });
});

describe('playback reports', () => {
  const report = { session: 'a0b1c2d3-e4f5-4a6b-8c7d-0123456789ab', delivery: 'hls', startMs: 1200, rebufferMs: 300, playedMs: 20_000, levels: ['240p'], errors: [] };

  it('keeps one session per playback with its largest figures, whatever arrives twice or late', async () => {
    const { courseId, video, buyer } = await course();
    await m.playback.recordPlayback(buyer, courseId, video, report, '203.0.113.1');
    await m.playback.recordPlayback(buyer, courseId, video, { ...report, playedMs: 60_000, rebufferMs: 500, levels: ['240p', '360p'] }, '203.0.113.1');
    // An earlier report arriving last changes nothing.
    await m.playback.recordPlayback(buyer, courseId, video, report, '203.0.113.1');
    const sessions = await (await m.db.collection('videoPlaybacks')).find({}).toArray();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ _id: `${buyer.id}:${report.session}`, startMs: 1200, rebufferMs: 500, playedMs: 60_000, levels: ['240p', '360p'] });
  });

  it('summarizes each lesson for the editor: sessions, p75 start, rebuffer ratio', async () => {
    const { courseId, video, free, buyer } = await course();
    const starts = [800, 1000, 1500, 4000];
    for (const [index, startMs] of starts.entries()) {
      await m.playback.recordPlayback(buyer, courseId, video, { ...report, session: `${report.session.slice(0, -1)}${index}`, startMs, rebufferMs: 100, playedMs: 9_900 }, '203.0.113.1');
    }
    await m.playback.recordPlayback(null, courseId, free, report, '203.0.113.9');
    await (await m.db.collection('lessons')).insertOne({ _id: new ObjectId(video), courseId: new ObjectId(courseId), kind: 'video', updatedAt: new Date() });
    const [editor] = (await m.curriculum.listLessonContents(new ObjectId(courseId))).filter((lesson) => lesson.id === video);
    expect(editor?.playback).toEqual({ sessions: 4, startP75Ms: 1500, rebufferRatio: 0.01 });
    const summaries = await m.playback.playbackSummariesOfCourse(new ObjectId(courseId));
    expect(summaries.get(free)).toEqual({ sessions: 1, startP75Ms: 1200, rebufferRatio: 300 / 20_300 });
  });

  it('refuses reports for lessons the caller may not open, malformed ones, and another lesson’s session', async () => {
    const { courseId, video, free, buyer, stranger } = await course();
    expect(await statusOf(m.playback.recordPlayback(null, courseId, video, report, '203.0.113.1'))).toBe(401);
    expect(await statusOf(m.playback.recordPlayback(stranger, courseId, video, report, '203.0.113.1'))).toBe(403);
    expect(await statusOf(m.playback.recordPlayback(buyer, courseId, new ObjectId().toHexString(), report, '203.0.113.1'))).toBe(404);
    expect(await statusOf(m.playback.recordPlayback(buyer, courseId, video, { ...report, playedMs: -5 }, '203.0.113.1'))).toBe(400);
    expect(await statusOf(m.playback.recordPlayback(buyer, courseId, video, { ...report, extra: 1 }, '203.0.113.1'))).toBe(400);
    expect(await statusOf(m.playback.recordPlayback(buyer, courseId, video, 'nonsense', '203.0.113.1'))).toBe(400);
    expect(await (await m.db.collection('videoPlaybacks')).countDocuments()).toBe(0);

    await m.playback.recordPlayback(buyer, courseId, video, report, '203.0.113.1');
    expect(await statusOf(m.playback.recordPlayback(buyer, courseId, free, report, '203.0.113.1'))).toBe(409);
    expect(await (await m.db.collection('videoPlaybacks')).countDocuments()).toBe(1);
  });
});

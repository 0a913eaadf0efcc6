import 'server-only';
import { ObjectId } from 'mongodb';
import { HttpError, objectIdFrom } from '../../platform/http';
import { findLessonContent, openLesson } from '../learning';
import type { Learner } from '../learning';
import { countsTowardRefund } from '../lesson-media';
import { recordLessonMediaFetch } from '../progress';
import { rangedFileResponse } from '../../platform/ranged-response';
import { memoCache } from '../../platform/memo-cache';
import { withNoTransform } from '../../platform/no-transform.mjs';
import { readStreamFile } from './stream-files';
import { signStreamToken, verifyStreamToken } from './stream-tokens';

// Who may stream a lesson's video, decided once per playback (and again every few minutes for a
// long one) where the lesson is opened, and then carried by a token in the ladder's address:
// `/api/lesson-stream/{token}/master.m3u8`, with each rung's playlist and segments beside it.

export const LESSON_STREAM_PATH = '/api/lesson-stream';

export type LessonStreamInfo = {
  /** The ladder's id: a new upload makes a new one. */
  id: string;
  /** The master playlist's address; its rungs and segments are relative to it. */
  master: string;
  /** When the address stops working: the player asks for a new one before then. */
  expiresAt: string;
  durationSeconds: number;
  rungs: { name: string; width?: number; height?: number; bytes: number }[];
};

/**
 * The lesson's streaming ladder for `learner`, with a signed address; null while the lesson has
 * none (not transcoded yet, or not a video). 404 and 401/403 like the lesson's media.
 */
export async function lessonStreamFor(learner: Learner, courseId: string, lessonId: string): Promise<LessonStreamInfo | null> {
  objectIdFrom(courseId);
  objectIdFrom(lessonId);
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'lessonNotFound');
  if (opened.status === 'locked') throw new HttpError(learner ? 403 : 401, 'buyTheCourseToTakeThisLesson');
  const stream = (await findLessonContent(courseId, lessonId))?.stream;
  if (!stream) return null;
  const { token, expiresAt } = await signStreamToken({
    userId: learner?.id ?? null,
    courseId: opened.course.id,
    lessonId: opened.lesson.id,
    streamId: stream._id.toHexString(),
    countsTowardRefund: learner !== null && countsTowardRefund(learner, opened),
  });
  return { id: stream._id.toHexString(), master: `${LESSON_STREAM_PATH}/${token}/master.m3u8`, expiresAt: expiresAt.toISOString(), durationSeconds: stream.durationSeconds, rungs: stream.rungs };
}

/** The files a ladder has: the master playlist, and each rung's playlist and numbered segments. */
const LADDER_FILE = /^(?:master\.m3u8|[0-9a-z]{1,12}\/(?:index\.m3u8|segment\d{3,6}\.ts))$/;

/**
 * The ladder files served lately, kept by this instance: a class watching one lesson asks for the
 * same segments within seconds, and one database read then serves them all (reads arriving
 * together share it). A ladder's files never change under its id, so nothing needs forgetting; a
 * deleted ladder's files may be served from here to a holder of a still valid token, who was
 * entitled to them. Bounded by bytes: a few seconds of every rung of a few lessons.
 */
const ladderFiles = memoCache<Awaited<ReturnType<typeof readStreamFile>>>('lesson-ladder-files', {
  ttlMs: 10 * 60 * 1000,
  max: 1000,
  maxBytes: 16 * 1024 * 1024,
  bytesOf: (file) => file?.data.buffer.length ?? 0,
});

/** A ladder file by its path, from this instance's cache or the database. */
function ladderFile(streamId: string, filePath: string) {
  return ladderFiles.get(`${streamId}/${filePath}`, () => readStreamFile(new ObjectId(streamId), filePath));
}

/** How long after a segment's answer the next one is read: well within a segment's length. */
const READ_AHEAD_DELAY_MS = 1000;

/** The segment that plays after `filePath` in its rung (`240p/segment012.ts` → `240p/segment013.ts`); null for a playlist. */
export function followingSegment(filePath: string): string | null {
  const match = /^(.+\/segment)(\d+)\.ts$/.exec(filePath);
  if (!match?.[1] || !match[2]) return null;
  return `${match[1]}${String(Number(match[2]) + 1).padStart(match[2].length, '0')}.ts`;
}

/** A ladder file its viewer may keep: at its address its bytes never change. */
const KEPT_FOR_A_YEAR = 'private, max-age=31536000, immutable';
/** A segment goes out as it is: video does not compress, and a proxy must not re-encode it. */
const SEGMENT_KEPT_FOR_A_YEAR = withNoTransform(KEPT_FOR_A_YEAR);

/** The bytes as a response body, without copying them: many learners are served from the one read kept above. */
function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** GET /api/lesson-stream/{token}/{path}: one file of the ladder the token grants, with Range; 403 for a bad or expired token. */
export async function lessonStreamFileResponse(token: string, filePath: string, rangeHeader: string | null): Promise<Response> {
  const grant = await verifyStreamToken(token);
  if (!grant) throw new HttpError(403, 'thisVideoAddressHasExpiredReloadTheLesson');
  if (!LADDER_FILE.test(filePath)) throw new HttpError(404, 'notFound');
  const file = await ladderFile(grant.streamId, filePath);
  if (!file) throw new HttpError(404, 'notFound');
  // A player asks for the next segment a few seconds later: read it in between, so that answer comes
  // from memory and the learners watching together never wait on the database (past the end:
  // nothing). Not at once: the learners asking for this segment together are still being answered.
  const following = followingSegment(filePath);
  if (following) setTimeout(() => void ladderFile(grant.streamId, following).catch(() => undefined), READ_AHEAD_DELAY_MS).unref();
  const data = file.data.buffer;
  // Playing counts once, when the player loads the ladder, never per segment.
  if (filePath === 'master.m3u8' && grant.countsTowardRefund && grant.userId) await recordLessonMediaFetch(grant.userId, grant.courseId, grant.lessonId);
  return rangedFileResponse(
    { length: data.length, contentType: file.contentType, fileName: filePath.replace('/', '-'), stream: (start, end) => bytesStream(data.subarray(start, end + 1)) },
    rangeHeader,
    'inline',
    filePath.endsWith('.ts') ? SEGMENT_KEPT_FOR_A_YEAR : KEPT_FOR_A_YEAR,
  );
}

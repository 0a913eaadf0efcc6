import 'server-only';
import { ObjectId } from 'mongodb';
import { summarizePlaybacks } from '@/lib/playback-report';
import type { PlaybackSummary } from '@/lib/playback-report';
import { playbackReportSchema } from '@/lib/schemas/playback';
import { collection, isDuplicateKey, withDb } from '../../platform/db';
import { HttpError, objectIdFrom } from '../../platform/http';
import { openLesson } from '../learning';
import type { Learner } from '../learning';
import { takeWriteAllowance } from '../../platform/write-limits';

// How learners' playback of lesson videos went. The player sends a few cumulative reports per
// playback session (never one per segment); each session is one document, keeping the largest
// figures any report gave, so a report sent twice or out of order changes nothing.

/** Reports per learner (or, for a free preview, per client address): a few per playback, so plenty. */
const PLAYBACK_REPORT_LIMIT = { max: 120, windowSeconds: 15 * 60 };

/** What admins see: the last month of playbacks. */
export const PLAYBACK_SUMMARY_DAYS = 30;

/** At most this many of a course's sessions are read for its summary (the newest). */
const SUMMARY_SESSIONS = 20_000;

/** POST /api/learn/{courseId}/{lessonId}/playback: keeps a report of the playback of a lesson the caller may open. */
export async function recordPlayback(learner: Learner, courseId: string, lessonId: string, input: unknown, clientAddress: string): Promise<void> {
  const courseObjectId = objectIdFrom(courseId);
  const lessonObjectId = objectIdFrom(lessonId);
  const report = playbackReportSchema.parse(input);
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'lessonNotFound');
  if (opened.status === 'locked') throw new HttpError(learner ? 403 : 401, 'buyTheCourseToTakeThisLesson');
  await takeWriteAllowance(`playback:${learner?.id ?? clientAddress}`, PLAYBACK_REPORT_LIMIT);
  const now = new Date();
  try {
    await withDb(async () =>
      (await collection('videoPlaybacks')).updateOne(
        // A session is its viewer's: another viewer cannot add to it, nor one lesson's to another's.
        { _id: `${learner?.id ?? 'visitor'}:${report.session}`, lessonId: lessonObjectId },
        {
          $setOnInsert: { courseId: courseObjectId, firstAt: now },
          $set: { delivery: report.delivery, lastAt: now },
          $max: { rebufferMs: report.rebufferMs, playedMs: report.playedMs },
          ...(report.startMs === undefined ? {} : { $min: { startMs: report.startMs } }),
          $addToSet: { levels: { $each: report.levels }, errors: { $each: report.errors } },
        },
        { upsert: true },
      ),
    );
  } catch (error) {
    if (isDuplicateKey(error)) throw new HttpError(409, 'thisPlaybackBelongsToAnotherLesson');
    throw error;
  }
}

/** How playback went in the last month for each lesson of a course that has any, by lesson id. */
export async function playbackSummariesOfCourse(courseId: ObjectId, now = new Date()): Promise<Map<string, PlaybackSummary>> {
  const since = new Date(now.getTime() - PLAYBACK_SUMMARY_DAYS * 24 * 60 * 60 * 1000);
  const sessions = await withDb(async () =>
    (await collection('videoPlaybacks'))
      .find({ courseId, lastAt: { $gte: since } }, { projection: { lessonId: 1, startMs: 1, rebufferMs: 1, playedMs: 1 } })
      .sort({ lastAt: -1 })
      .limit(SUMMARY_SESSIONS)
      .toArray(),
  );
  const byLesson = new Map<string, typeof sessions>();
  for (const session of sessions) {
    const key = session.lessonId.toHexString();
    const lessonSessions = byLesson.get(key);
    if (lessonSessions) lessonSessions.push(session);
    else byLesson.set(key, [session]);
  }
  return new Map([...byLesson].map(([lessonId, lessonSessions]) => [lessonId, summarizePlaybacks(lessonSessions)]));
}

/** Removes a deleted lesson's playback reports. */
export async function forgetLessonPlaybacks(lessonId: ObjectId): Promise<void> {
  await withDb(async () => (await collection('videoPlaybacks')).deleteMany({ lessonId }));
}

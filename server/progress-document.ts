import 'server-only';
import { ObjectId } from 'mongodb';
import { keyedQueue } from './keyed-queue';

// A learner's progress document in a course (server/progress.ts): its key, and the one way to change it.

/** The `_id` of a learner's progress document in a course: `{userId}:{courseId}`, lowercase hex. */
export function courseProgressKey(userId: string | ObjectId, courseId: string | ObjectId): string {
  return `${new ObjectId(userId).toHexString()}:${new ObjectId(courseId).toHexString()}`;
}

// FerretDB workaround: it applies an update by reading the document and writing it back, so two
// updates of one document at once can lose one (12 lessons completed together kept 8 to 11). MongoDB
// applies each atomically. Every write of a progress document runs through this per-document queue.
const progressWrites = keyedQueue('courseProgress');

/** Runs `write` once every earlier write of the document `key` in this process has finished. */
export function writeProgressDocument<T>(key: string, write: () => Promise<T>): Promise<T> {
  return progressWrites(key, write);
}

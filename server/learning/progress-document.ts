import 'server-only';
import { ObjectId } from 'mongodb';

// The key of a learner's progress document in a course (server/learning/progress.ts).

/** The `_id` of a learner's progress document in a course: `{userId}:{courseId}`, lowercase hex. */
export function courseProgressKey(userId: string | ObjectId, courseId: string | ObjectId): string {
  return `${new ObjectId(userId).toHexString()}:${new ObjectId(courseId).toHexString()}`;
}

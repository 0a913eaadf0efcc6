import 'server-only';
import type { CourseList } from '@/lib/catalogue';
import { collection, withDb } from '../../platform/db';
import { authorize } from '../../accounts/permissions';
import { lessonCount } from './curriculum';
import type { Actor } from '../../accounts/permissions';

// The courses not published yet: admins find them here to finish and publish them (they are in no
// public list).

export type DraftCourse = { id: string; classCourse: CourseList; title: string; lessons: number; createdAt: string };

/** Drafts shown: more would be a backlog to clear, not a page to scroll. */
export const DRAFTS_SHOWN = 100;

/** The newest drafts first. */
export async function listDraftCourses(actor: Actor): Promise<DraftCourse[]> {
  authorize(actor, 'manageCatalogue');
  const documents = await withDb(async () =>
    (await collection('courses'))
      .find({ draft: true }, { projection: { classCourse: 1, title: 1, curriculum: 1, createdAt: 1 } })
      .sort({ draft: 1, createdAt: -1, _id: -1 })
      .limit(DRAFTS_SHOWN)
      .toArray(),
  );
  return documents.map((document) => ({
    id: document._id.toHexString(),
    classCourse: document.classCourse,
    title: document.title,
    lessons: lessonCount(document.curriculum),
    createdAt: document.createdAt.toISOString(),
  }));
}

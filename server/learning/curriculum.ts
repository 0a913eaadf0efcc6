import 'server-only';
import { curriculumTotals } from '@/lib/curriculum';
import type { Curriculum } from '@/lib/curriculum';
import type { CourseDocument, CurriculumSectionDocument } from '../platform/documents';

// A course's curriculum as stored on the course document (ordered sections of ordered lesson
// outlines) turned into plain objects, and the course counts it implies. Titles keep their
// translations: whoever shows them picks the reader's language (curriculumIn, lib/curriculum.ts).

export function toCurriculum(sections: CurriculumSectionDocument[] | undefined): Curriculum {
  return (sections ?? []).map((section) => ({
    id: section._id.toHexString(),
    title: section.title,
    ...(section.translations ? { translations: section.translations } : {}),
    lessons: section.lessons.map((lesson) => ({
      id: lesson._id.toHexString(),
      title: lesson.title,
      kind: lesson.kind,
      ...(lesson.durationSeconds === undefined ? {} : { durationSeconds: lesson.durationSeconds }),
      freePreview: lesson.freePreview,
      hasTranscript: lesson.hasTranscript === true,
      hasNotes: lesson.hasNotes === true,
      ...(lesson.translations ? { translations: lesson.translations } : {}),
    })),
  }));
}

export type CourseCounts = Pick<CourseDocument, 'hours' | 'videos' | 'quizzes' | 'notes' | 'transcripts'>;

/**
 * The counts a course page and the legacy API show: derived from the curriculum when the course
 * has lessons, else the numbers stored with the course (courses made before curricula existed).
 */
export function courseCounts(document: Pick<CourseDocument, 'curriculum' | keyof CourseCounts>): CourseCounts {
  const totals = curriculumTotals(toCurriculum(document.curriculum));
  if (totals.lessons === 0) {
    return { hours: document.hours, videos: document.videos, quizzes: document.quizzes, notes: document.notes, transcripts: document.transcripts };
  }
  return {
    // Tenths of an hour, so a 40-minute course does not claim 0 or 1 hours.
    hours: Math.round(totals.seconds / 360) / 10,
    videos: totals.videos,
    quizzes: totals.quizzes,
    notes: totals.notes,
    transcripts: totals.transcripts,
  };
}

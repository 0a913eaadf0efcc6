// A course's curriculum as pages and the player see it: ordered sections of ordered lessons.
// Shared by the server (which derives the course's counts from it) and the browser (outline).

import type { Quiz } from './quiz';
import { translated } from './translated-content';
import type { Translations } from './translated-content';

export const LESSON_KINDS = ['video', 'article', 'file', 'quiz'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** English names of the lesson types; the learner's pages use the `lesson.kind` messages. */
export const LESSON_KIND_LABELS: Record<LessonKind, string> = { video: 'Video', article: 'Article', file: 'File', quiz: 'Quiz' };

export type LessonOutline = {
  id: string;
  title: string;
  kind: LessonKind;
  /** How long the lesson takes; absent when the admin did not say. */
  durationSeconds?: number;
  freePreview: boolean;
  /** A video with a transcript or a lesson with downloadable notes (counted on the course page). */
  hasTranscript: boolean;
  hasNotes: boolean;
  /** The title in other languages (lib/translated-content.ts). */
  translations?: Translations<OutlineText>;
};

/** What a section or a lesson of the outline may have translated. */
export type OutlineText = { title: string };

export type CurriculumSection = { id: string; title: string; lessons: LessonOutline[]; translations?: Translations<OutlineText> };

export type Curriculum = CurriculumSection[];

export type StoredFileSummary = { name: string; length: number };

/** What the curriculum editor shows of a lesson's content. */
export type LessonEditorContent = {
  id: string;
  youtubeUrl?: string;
  markdown?: string;
  transcript?: string;
  video?: StoredFileSummary;
  file?: StoredFileSummary;
  notes?: StoredFileSummary;
  /** A quiz lesson's questions, answers included (the editor is for admins only). */
  quiz?: Quiz;
  /** The article's Markdown and the transcript in other languages. */
  translations?: Translations<LessonText>;
  /** An uploaded video's preparation for streaming. */
  streaming?: VideoStreaming;
  /** The video's captions, by language. */
  captions?: Partial<Record<string, CaptionsSummary>>;
  /** How learners' playback of the video went lately. */
  playback?: import('./playback-report').PlaybackSummary;
};

/** A video's captions in one language, as the editor lists them. */
export type CaptionsSummary = { name: string; cueCount: number };

/**
 * Where an uploaded video is on its way to streaming: waiting, being transcoded (`progress` 0 to 1),
 * ready (`rungs`, e.g. 240p, 360p, audio), or refused with the reason, in English.
 */
export type VideoStreaming = { state: 'queued' | 'running' | 'done' | 'failed'; progress: number; reason?: string; rungs: string[] };

/** What a lesson's content may have translated, as the editor writes it. */
export type LessonText = { markdown: string; transcript: string };

export type CurriculumTotals = {
  sections: number;
  lessons: number;
  videos: number;
  quizzes: number;
  /** Written material: articles, files and downloadable notes. */
  notes: number;
  transcripts: number;
  seconds: number;
};

/**
 * The outline as a reader of `locale` sees it: each title translated where written, else the
 * default one; the translations themselves left out (the legacy API and the browser get plain titles).
 */
export function curriculumIn(curriculum: Curriculum, locale: string): Curriculum {
  return curriculum.map(({ translations, lessons, ...section }) => ({
    ...section,
    title: translated(section.title, translations, 'title', locale),
    lessons: lessons.map((lesson) => lessonIn(lesson, locale)),
  }));
}

/** One lesson's outline as a reader of `locale` sees it (curriculumIn). */
export function lessonIn({ translations, ...lesson }: LessonOutline, locale: string): LessonOutline {
  return { ...lesson, title: translated(lesson.title, translations, 'title', locale) };
}

export function lessonsOf(curriculum: Curriculum): LessonOutline[] {
  return curriculum.flatMap((section) => section.lessons);
}

export function curriculumTotals(curriculum: Curriculum): CurriculumTotals {
  const lessons = lessonsOf(curriculum);
  return {
    sections: curriculum.length,
    lessons: lessons.length,
    videos: lessons.filter((lesson) => lesson.kind === 'video').length,
    quizzes: lessons.filter((lesson) => lesson.kind === 'quiz').length,
    notes: lessons.filter((lesson) => lesson.kind === 'article' || lesson.kind === 'file' || lesson.hasNotes).length,
    transcripts: lessons.filter((lesson) => lesson.hasTranscript).length,
    seconds: lessons.reduce((total, lesson) => total + (lesson.durationSeconds ?? 0), 0),
  };
}

/** "1 section", "3 lessons". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A duration in the unit it is shown in: seconds under a minute, whole minutes under an hour, else hours and minutes. */
export type DurationParts = { seconds: number } | { minutes: number } | { hours: number; minutes: number };

export function durationParts(seconds: number): DurationParts {
  if (seconds < 60) return { seconds: Math.round(seconds) };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { minutes };
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** "1 h 05 min", "12 min", "45 s": durations on outlines and totals, in English (the pages use the `lesson.duration*` messages). */
export function formatDuration(seconds: number): string {
  const parts = durationParts(seconds);
  if ('hours' in parts) return `${parts.hours} h ${String(parts.minutes).padStart(2, '0')} min`;
  return 'minutes' in parts ? `${parts.minutes} min` : `${parts.seconds} s`;
}

/** The lesson before and after `lessonId` in reading order (null at either end). */
export function neighboursOf(curriculum: Curriculum, lessonId: string): { previous: LessonOutline | null; next: LessonOutline | null } {
  const lessons = lessonsOf(curriculum);
  const index = lessons.findIndex((lesson) => lesson.id === lessonId);
  if (index < 0) return { previous: null, next: null };
  return { previous: lessons[index - 1] ?? null, next: lessons[index + 1] ?? null };
}

/** Whole percent of lessons completed, rounded down so 100 means every lesson. */
export function percentComplete(curriculum: Curriculum, completed: ReadonlySet<string>): number {
  const lessons = lessonsOf(curriculum);
  if (lessons.length === 0) return 0;
  const done = lessons.filter((lesson) => completed.has(lesson.id)).length;
  return Math.floor((done / lessons.length) * 100);
}

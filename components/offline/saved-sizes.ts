// What saving a lesson costs at a video quality, from what the server measured (server/offline/saved-content.ts).

import { AUDIO_ONLY } from '@/lib/video-quality';
import type { SavableCourse, SavableLesson } from '@/server/offline/saved-content';

type Rung = { name: string; bytes: number };

const linesOf = (rung: string) => Number.parseInt(rung, 10);

/**
 * The rung a lesson is saved at for `quality`: that one; for a picture quality the lesson lacks
 * (a smaller source), its largest picture; for sound only, sound only. Null for no video.
 */
export function rungFor(rungs: readonly Rung[], quality: string | null): Rung | null {
  if (!quality || rungs.length === 0) return null;
  const exact = rungs.find((rung) => rung.name === quality);
  if (exact) return exact;
  if (quality === AUDIO_ONLY) return null;
  const pictures = rungs.filter((rung) => rung.name !== AUDIO_ONLY && linesOf(rung.name) <= linesOf(quality));
  return pictures.at(-1) ?? rungs.find((rung) => rung.name !== AUDIO_ONLY) ?? null;
}

/** A lesson's text, attachments and captions, and its video at `quality`. */
export function savedBytes(lesson: Pick<SavableLesson, 'bytes' | 'rungs'>, quality: string | null): number {
  return lesson.bytes + (rungFor(lesson.rungs, quality)?.bytes ?? 0);
}

/** The qualities a course's videos can be saved at, the smallest picture first and sound only last. */
export function qualityOptions(course: SavableCourse): string[] {
  const names = new Set(course.sections.flatMap((section) => section.lessons.flatMap((lesson) => lesson.rungs.map((rung) => rung.name))));
  const pictures = [...names].filter((name) => name !== AUDIO_ONLY).sort((a, b) => linesOf(a) - linesOf(b));
  return names.has(AUDIO_ONLY) ? [...pictures, AUDIO_ONLY] : pictures;
}

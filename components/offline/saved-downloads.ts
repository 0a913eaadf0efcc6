// Saving a lesson or a book on the device: each part is fetched through the door a learner uses
// online (the lesson's media, its streaming ladder, its captions, the book's file), so the server
// decides access and counts what was taken toward the refund rule as it does for playing, and
// stored under the device's own address for it (saved-store.ts). Parts already stored are skipped,
// and a big file comes in ranges kept one by one, so a save stopped by a lost connection or a
// closed page carries on where it stopped.

import { routes } from '@/lib/routes';
import type { SavableBook, SavableLessonContent } from '@/server/offline/saved-content';
import type { QuizState } from '@/lib/quiz';
import { bookFolder, bookItemId, lessonFolder, lessonItemId, lessonRecord, openSaved, patchItem, putItem, readIndex } from './saved-store';
import type { SavedBookItem, SavedItem, SavedLessonItem } from './saved-store';

/** A range of a big file fetched and kept at a time: a lost connection costs at most this much again. */
const RANGE_BYTES = 2 * 1024 * 1024;

/** A server's refusal (not bought any more, gone): saving stops for good. */
export class SaveRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const answer = await fetch(url, { cache: 'no-store', credentials: 'same-origin', ...init });
  if (answer.ok) return answer;
  // A server error or a limit is worth trying again later; the rest is a refusal.
  if (answer.status >= 500 || answer.status === 429) throw new Error(`${url} answered ${answer.status}`);
  const body = (await answer.json().catch(() => null)) as { error?: string } | null;
  throw new SaveRefused(body?.error ?? `status${answer.status}`);
}

function stored(body: Blob | string, contentType: string): Response {
  const blob = typeof body === 'string' ? new Blob([body], { type: contentType }) : body;
  return new Response(blob, { headers: { 'Content-Type': contentType, 'Content-Length': String(blob.size) } });
}

/** The size of what is kept at `key`, or null when nothing is. */
async function keptBytes(cache: Cache, key: string): Promise<number | null> {
  const kept = await cache.match(key);
  return kept ? Number(kept.headers.get('Content-Length') ?? 0) : null;
}

type Progress = (bytes: number) => void;

/** A small file, whole. */
async function saveWhole(cache: Cache, url: () => string, key: string, progress: Progress): Promise<void> {
  const kept = await keptBytes(cache, key);
  if (kept !== null) return progress(kept);
  const answer = await fetchOk(url());
  const blob = await answer.blob();
  await cache.put(key, stored(blob, answer.headers.get('Content-Type') ?? 'application/octet-stream'));
  progress(blob.size);
}

/** A big file in ranges, each kept as it arrives, then joined into one file. */
async function saveInRanges(cache: Cache, url: string, key: string, bytes: number, contentType: string, progress: Progress): Promise<void> {
  const kept = await keptBytes(cache, key);
  if (kept !== null) return progress(kept);
  const count = Math.max(1, Math.ceil(bytes / RANGE_BYTES));
  const rangeKey = (index: number) => `${key}.range${index}`;
  for (let index = 0; index < count; index += 1) {
    const keptRange = await keptBytes(cache, rangeKey(index));
    if (keptRange !== null) {
      progress(keptRange);
      continue;
    }
    const start = index * RANGE_BYTES;
    const end = Math.min(bytes, start + RANGE_BYTES) - 1;
    const answer = await fetchOk(url, { headers: { Range: `bytes=${start}-${end}` } });
    const blob = await answer.blob();
    // A server that ignored the range sent the whole file: keep that as it is.
    if (answer.status === 200) {
      await cache.put(key, stored(blob, contentType));
      return progress(blob.size);
    }
    await cache.put(rangeKey(index), stored(blob, contentType));
    progress(blob.size);
  }
  const ranges = await Promise.all(Array.from({ length: count }, async (_, index) => (await cache.match(rangeKey(index)))!.blob()));
  await cache.put(key, stored(new Blob(ranges, { type: contentType }), contentType));
  await Promise.all(Array.from({ length: count }, (_, index) => cache.delete(rangeKey(index))));
}

/** The segment files a rung's playlist names, in order. */
export function playlistSegments(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The lesson as the device keeps it: what the server gave, and where each part is kept here. */
export type SavedLessonContent = SavableLessonContent & {
  saved: { files: Record<string, string>; captions: Record<string, string>; video: { rung: string; playlist: string } | null };
};

type StreamAnswer = { master: string };

/** A video rung: its playlist and every segment, through the ladder's signed address (asked again when it expires). */
async function saveRung(cache: Cache, streamInfo: string, rung: string, folder: string, progress: Progress): Promise<string> {
  let master = ((await (await fetchOk(streamInfo)).json()) as StreamAnswer).master;
  // Loading the ladder is what counts a video toward the refund rule, as it does for playing.
  await fetchOk(master);
  const base = () => master.replace(/master\.m3u8$/, '');
  const playlistKey = `${folder}/video/${rung}/index.m3u8`;
  const playlist = await (await fetchOk(`${base()}${rung}/index.m3u8`)).text();
  for (const segment of playlistSegments(playlist)) {
    if (!/^segment\d{3,6}\.ts$/.test(segment)) throw new SaveRefused('unexpectedPlaylist');
    const key = `${folder}/video/${rung}/${segment}`;
    try {
      await saveWhole(cache, () => `${base()}${rung}/${segment}`, key, progress);
    } catch (error) {
      if (!(error instanceof SaveRefused)) throw error;
      // The signed address expired during a long save: a new one, and this segment again.
      master = ((await (await fetchOk(streamInfo)).json()) as StreamAnswer).master;
      await saveWhole(cache, () => `${base()}${rung}/${segment}`, key, progress);
    }
  }
  // The playlist last: a saved playlist means every segment it names is here.
  await cache.put(playlistKey, stored(playlist, 'application/vnd.apple.mpegurl'));
  return playlistKey;
}

export type LessonToSave = Pick<SavedLessonItem, 'courseId' | 'courseTitle' | 'lessonId' | 'title' | 'lessonKind' | 'order' | 'quality' | 'locale' | 'bytes'>;

/** Saves (or carries on saving) a lesson for `owner`; what it ended as. */
export async function saveLesson(owner: string, lesson: LessonToSave): Promise<SavedItem['status']> {
  const id = lessonItemId(lesson.courseId, lesson.lessonId);
  const existing = (await readIndex())?.items.find((item) => item.id === id);
  await putItem(owner, { kind: 'lesson', id, ...lesson, status: 'saving', doneBytes: 0, savedAt: existing?.savedAt ?? new Date().toISOString() });
  return runSave(owner, id, async (cache, progress) => {
    const folder = lessonFolder(owner, lesson.courseId, lesson.lessonId);
    const content = (await (
      await fetchOk(`/api/offline/courses/${lesson.courseId}/lessons/${lesson.lessonId}?locale=${lesson.locale}`)
    ).json()) as SavableLessonContent;
    const files: Record<string, string> = {};
    for (const file of content.files) {
      files[file.part] = `${folder}/${file.part}`;
      await saveInRanges(cache, file.url, files[file.part]!, file.bytes, file.contentType, progress);
    }
    const captions: Record<string, string> = {};
    for (const track of content.captions) {
      captions[track.locale] = `${folder}/captions/${track.locale}.vtt`;
      await saveWhole(cache, () => track.url, captions[track.locale]!, progress);
    }
    const rung = lesson.quality && content.video?.rungs.some((candidate) => candidate.name === lesson.quality) ? lesson.quality : null;
    const video = rung && content.video ? { rung, playlist: await saveRung(cache, content.video.stream, rung, folder, progress) } : null;
    const kept = stored(JSON.stringify({ ...content, saved: { files, captions, video } } satisfies SavedLessonContent), 'application/json');
    progress(Number(kept.headers.get('Content-Length')));
    await cache.put(lessonRecord(owner, lesson.courseId, lesson.lessonId), kept);
  });
}

/** A saved lesson's record as kept, or null when it is not (not saved, removed). */
export async function readSavedLesson(owner: string, courseId: string, lessonId: string): Promise<SavedLessonContent | null> {
  const kept = await (await openSaved()).match(lessonRecord(owner, courseId, lessonId));
  return kept ? ((await kept.json()) as SavedLessonContent) : null;
}

/** A saved quiz follows its grades: the copy shows the result, not the attempt graded. */
export async function keepSavedQuiz(owner: string, courseId: string, lessonId: string, quiz: QuizState): Promise<void> {
  const content = await readSavedLesson(owner, courseId, lessonId);
  if (content) await (await openSaved()).put(lessonRecord(owner, courseId, lessonId), stored(JSON.stringify({ ...content, quiz } satisfies SavedLessonContent), 'application/json'));
}

/** Saves (or carries on saving) a book's file for `owner`. */
export async function saveBook(owner: string, book: SavableBook): Promise<SavedItem['status']> {
  const id = bookItemId(book.id);
  const existing = (await readIndex())?.items.find((item) => item.id === id);
  const item: SavedBookItem = { kind: 'book', id, bookId: book.id, title: book.title, format: book.format, contentType: book.contentType, bytes: book.bytes, doneBytes: 0, status: 'saving', savedAt: existing?.savedAt ?? new Date().toISOString() };
  await putItem(owner, item);
  return runSave(owner, id, (cache, progress) => saveInRanges(cache, book.url, `${bookFolder(owner, book.id)}/file`, book.bytes, book.contentType, progress));
}

/** Where a saved book's file is kept. */
export function savedBookFile(owner: string, bookId: string): string {
  return `${bookFolder(owner, bookId)}/file`;
}

/** Saves already under way in this page, by item: asking again joins the one running. */
const running = new Map<string, Promise<SavedItem['status']>>();

function runSave(owner: string, id: string, work: (cache: Cache, progress: Progress) => Promise<void>): Promise<SavedItem['status']> {
  const current = running.get(id);
  if (current) return current;
  const run = (async (): Promise<SavedItem['status']> => {
    let done = 0;
    let told = 0;
    const progress: Progress = (bytes) => {
      done += bytes;
      // The index is told every few hundred kilobytes, not for every segment.
      if (done - told >= 256 * 1024) {
        told = done;
        void patchItem(owner, id, { doneBytes: done });
      }
    };
    try {
      await work(await openSaved(), progress);
      await patchItem(owner, id, { status: 'saved', doneBytes: done, bytes: done, savedAt: new Date().toISOString() });
      return 'saved';
    } catch (error) {
      const full = error instanceof DOMException && error.name === 'QuotaExceededError';
      const refused = error instanceof SaveRefused;
      const status = refused || full ? 'failed' : 'paused';
      await patchItem(owner, id, { status, doneBytes: done, ...(refused ? { error: error.code } : full ? { error: 'storageFull' } : {}) });
      return status;
    } finally {
      running.delete(id);
    }
  })();
  running.set(id, run);
  return run;
}

/** Carries on every save left unfinished (a closed page, a lost connection). */
export async function resumeSaves(owner: string): Promise<void> {
  const index = await readIndex();
  if (!index || index.owner !== owner) return;
  for (const item of index.items) {
    if (item.status !== 'paused' && item.status !== 'saving') continue;
    if (running.has(item.id)) continue;
    if (item.kind === 'lesson') await saveLesson(owner, item);
    else await saveBook(owner, { id: item.bookId, title: item.title, format: item.format, contentType: item.contentType, bytes: item.bytes, url: routes.bookFile(item.bookId) });
  }
}

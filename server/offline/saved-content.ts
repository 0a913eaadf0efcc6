import 'server-only';
import { AUDIO_ONLY } from '@/lib/video-quality';
import { curriculumIn, lessonIn } from '@/lib/curriculum';
import type { LessonKind } from '@/lib/curriculum';
import { localizeItem } from '@/lib/translated-content';
import { routing } from '@/i18n/routing';
import { routes } from '@/lib/routes';
import { collection, parseObjectId, withDb } from '../platform/db';
import { HttpError, objectIdFrom } from '../platform/http';
import type { LessonDocument, StoredFileRef } from '../platform/documents';
import type { User } from '../accounts/users';
import { canTakeCourse, findLearningCourse, findLessonContent, findLessonOutline, lessonTextIn } from '../learning/learning';
import type { Learner, LessonContent } from '../learning/learning';
import { captionTracksOf, captionTranscriptOf } from '../learning/lesson-video/captions';
import { findBookForBuyers } from '../catalogue/admin/unlisting';
import { findBookFile } from '../catalogue/book-files';
import { hasPaidOrder } from '../commerce/orders';
import { readCourseProgress } from '../learning/progress';
import { lessonsWithOpenAttempts, readQuizState } from '../learning/quizzes';
import type { QuizState } from '@/lib/quiz';

// What a learner may keep on their device to learn without a connection, described so the device
// can show the size before saving and fetch each part through the doors it already uses (the
// lesson's media, its streaming ladder, its captions, a book's file): those doors decide access
// again for every part. Only a bought course or book (or an admin) may be saved; a free preview
// plays online. The device asks again, with what it holds, whether each item is still the
// learner's (`stillEntitled`), and removes what a refund took away. A quiz is saved only with an
// attempt the learner started online: its questions come with the attempt, never its answers.

/** The ladder's rungs a video is saved at: sound only, the lowest picture, and 360p (the data saver's cap). */
export function savableRungs(rungs: readonly { name: string; bytes: number }[]): { name: string; bytes: number }[] {
  const lowestPicture = rungs.find((rung) => rung.name !== AUDIO_ONLY)?.name;
  const kept = new Set([AUDIO_ONLY, lowestPicture, '360p']);
  return rungs.filter((rung) => kept.has(rung.name)).map(({ name, bytes }) => ({ name, bytes }));
}

/** Why a lesson cannot be saved: a YouTube video or a quiz with no attempt started needs the connection; `not-ready` is a video not yet transcoded. */
export type OnlineOnly = 'youtube' | 'quiz' | 'not-ready' | 'empty';

export type SavableLesson = {
  id: string;
  title: string;
  kind: LessonKind;
  durationSeconds?: number;
  /** The text, attachments and captions, in bytes (the video's rungs come on top). */
  bytes: number;
  /** For a video: the rungs it can be saved at, each with its size. */
  rungs: { name: string; bytes: number }[];
  onlineOnly?: OnlineOnly;
};

export type SavableCourse = { id: string; title: string; sections: { id: string; title: string; lessons: SavableLesson[] }[] };

type SizeFields = Pick<LessonDocument, '_id' | 'kind' | 'youtubeUrl' | 'stream' | 'file' | 'notes' | 'captions' | 'quiz'>;

/** About what a lesson's captions file weighs: its cues are kept elsewhere, and a cue is a line with two times. */
const BYTES_PER_CUE = 80;

/** What a lesson's text, attachments and captions weigh on the device, its texts in `locale`. */
function partsBytes(lesson: LessonContent, locale: string): number {
  const files = [lesson.file, lesson.notes].reduce((sum, file) => sum + (file?.length ?? 0), 0);
  const captions = Object.values(lesson.captions ?? {}).reduce((sum, summary) => sum + (summary?.cueCount ?? 0) * BYTES_PER_CUE, 0);
  const { article, transcript } = lessonTextIn(lesson, locale);
  // A video's typed transcript is kept when it has no captions, whose words take its place.
  const typedTranscript = lesson.kind === 'video' && captions === 0 ? Buffer.byteLength(transcript?.text ?? '') : 0;
  const text = (lesson.kind === 'article' ? Buffer.byteLength(article?.text ?? '') : 0) + typedTranscript;
  // About what the open attempt's questions weigh: the quiz's questions as stored, answers included.
  const questions = lesson.kind === 'quiz' ? Buffer.byteLength(JSON.stringify(lesson.quiz?.questions ?? [])) : 0;
  return files + captions + text + questions;
}

/** `quizOpen`: the learner has an attempt at this quiz under way, which the device can keep. */
function onlineOnlyOf(lesson: SizeFields | undefined, quizOpen: boolean): OnlineOnly | undefined {
  if (!lesson) return 'empty';
  if (lesson.kind === 'quiz') return quizOpen && (lesson.quiz?.questions.length ?? 0) > 0 ? undefined : 'quiz';
  if (lesson.kind === 'video' && !lesson.stream) return lesson.youtubeUrl ? 'youtube' : 'not-ready';
  return undefined;
}

/** Saving needs an account: the doors ask for one first. */
type SavingLearner = NonNullable<Learner>;

/** The course and whether `learner` may save it: 404 unknown, 403 not bought. */
async function savableCourseFor(learner: SavingLearner, courseId: string) {
  objectIdFrom(courseId);
  const course = await findLearningCourse(courseId);
  if (!course) throw new HttpError(404, 'courseNotFound');
  if (!(await canTakeCourse(learner, courseId))) throw new HttpError(course.listed ? 403 : 404, course.listed ? 'buyTheCourseToSaveItOnThisDevice' : 'courseNotFound');
  return course;
}

/** A bought course's lessons with what saving each costs: what the Save buttons show before anything is fetched. */
export async function savableCourse(learner: SavingLearner, courseId: string, locale: string): Promise<SavableCourse> {
  const course = await savableCourseFor(learner, courseId);
  // The texts are read to be measured in the language the device keeps them in (FerretDB has no $strLenBytes).
  const texts = [locale, routing.defaultLocale].flatMap((language) => (language === routing.defaultLocale ? ['article.html', 'transcript'] : [`translations.${language}.article.html`, `translations.${language}.transcript`]));
  const documents = await withDb(async () =>
    (await collection('lessons'))
      .find(
        { courseId: objectIdFrom(courseId) },
        { projection: { kind: 1, youtubeUrl: 1, 'stream.rungs': 1, 'file.length': 1, 'notes.length': 1, captions: 1, 'quiz.questions': 1, ...Object.fromEntries(texts.map((path) => [path, 1])) } },
      )
      .toArray(),
  );
  const byId = new Map(documents.map((document) => [document._id.toHexString(), document]));
  const quizIds = documents.filter((document) => document.kind === 'quiz').map((document) => document._id.toHexString());
  const openQuizzes = quizIds.length > 0 ? await lessonsWithOpenAttempts(learner.id, quizIds, await readCourseProgress(learner, course.id)) : new Set<string>();
  const localized = localizeItem(course, { title: 'title' }, locale);
  return {
    id: course.id,
    title: localized.title,
    sections: curriculumIn(course.curriculum, locale).map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map((lesson) => {
        const document = byId.get(lesson.id);
        const onlineOnly = onlineOnlyOf(document, openQuizzes.has(lesson.id));
        return {
          id: lesson.id,
          title: lesson.title,
          kind: lesson.kind,
          ...(lesson.durationSeconds ? { durationSeconds: lesson.durationSeconds } : {}),
          // A lesson that stays online is not saved: it costs nothing.
          bytes: document && !onlineOnly ? partsBytes(document as LessonContent, locale) : 0,
          rungs: document?.stream ? savableRungs(document.stream.rungs) : [],
          ...(onlineOnly ? { onlineOnly } : {}),
        };
      }),
    })),
  };
}

export type SavedFile = { part: 'file' | 'notes'; name: string; contentType: string; bytes: number; url: string };

export type SavedTranscript = { kind: 'cues'; cues: { start: number; text: string }[] } | { kind: 'text'; text: string };

/** One lesson as the device keeps it: its words, and the addresses of every part to fetch now, while online. */
export type SavableLessonContent = {
  courseId: string;
  courseTitle: string;
  id: string;
  title: string;
  kind: LessonKind;
  durationSeconds?: number;
  /** The article's safe HTML; `lang` when it is not in the asked language. */
  article?: { html: string; lang?: string };
  transcript?: { content: SavedTranscript; lang?: string };
  files: SavedFile[];
  captions: { locale: string; url: string }[];
  /** A transcoded video: where to ask for its signed ladder, the rungs it can be saved at, and where the learner was in it when saving. */
  video?: { stream: string; durationSeconds: number; rungs: { name: string; bytes: number }[]; positionSeconds: number };
  /** A quiz with an attempt under way: its rules, the attempt's questions (without answers) and the history. */
  quiz?: QuizState;
  onlineOnly?: OnlineOnly;
};

function savedFile(courseId: string, lessonId: string, part: SavedFile['part'], file: StoredFileRef | undefined): SavedFile[] {
  return file ? [{ part, name: file.name, contentType: file.contentType, bytes: file.length, url: routes.lessonMedia(courseId, lessonId, part) }] : [];
}

async function transcriptOf(content: LessonContent, courseId: string, locale: string, text: { text: string; locale: string } | undefined) {
  const fromCaptions = await captionTranscriptOf(content, courseId, locale);
  const langOf = (written: string) => (written === locale ? {} : { lang: written });
  if (fromCaptions) return { content: { kind: 'cues' as const, cues: fromCaptions.cues }, ...langOf(fromCaptions.locale) };
  return text ? { content: { kind: 'text' as const, text: text.text }, ...langOf(text.locale) } : undefined;
}

/** A bought lesson's content for the device, in `locale`: 404 unknown, 403 not bought. */
export async function savableLesson(learner: SavingLearner, courseId: string, lessonId: string, locale: string): Promise<SavableLessonContent> {
  objectIdFrom(lessonId);
  // The course read once: saving it decided access to all its lessons.
  const course = await savableCourseFor(learner, courseId);
  const outline = findLessonOutline(course, lessonId);
  if (!outline) throw new HttpError(404, 'lessonNotFound');
  const [content, progress] = await Promise.all([findLessonContent(courseId, lessonId), readCourseProgress(learner, course.id)]);
  const lesson = lessonIn(outline, locale);
  const { article, transcript } = content ? lessonTextIn(content, locale) : {};
  const quiz = content?.kind === 'quiz' && content.quiz ? await readQuizState(learner, lesson.id, content.quiz, progress, locale) : null;
  const onlineOnly = onlineOnlyOf(content ?? undefined, Boolean(quiz?.open));
  return {
    courseId: course.id,
    courseTitle: localizeItem(course, { title: 'title' }, locale).title,
    id: lesson.id,
    title: lesson.title,
    kind: lesson.kind,
    ...(lesson.durationSeconds ? { durationSeconds: lesson.durationSeconds } : {}),
    ...(article && content?.kind === 'article' ? { article: { html: article.text, ...(article.locale === locale ? {} : { lang: article.locale }) } } : {}),
    ...(content && content.kind === 'video' ? { transcript: await transcriptOf(content, course.id, locale, transcript) } : {}),
    files: content ? [...savedFile(course.id, lesson.id, 'file', content.file), ...savedFile(course.id, lesson.id, 'notes', content.notes)] : [],
    captions: content && content.kind === 'video' ? captionTracksOf(content, course.id, lesson.id).map(({ locale: language, src }) => ({ locale: language, url: src })) : [],
    ...(content?.stream
      ? {
          video: {
            stream: routes.lessonStream(course.id, lesson.id),
            durationSeconds: content.stream.durationSeconds,
            rungs: savableRungs(content.stream.rungs),
            positionSeconds: progress.positions.get(lesson.id) ?? 0,
          },
        }
      : {}),
    ...(quiz?.open ? { quiz } : {}),
    ...(onlineOnly ? { onlineOnly } : {}),
  };
}

export type SavableBook = { id: string; title: string; format: 'pdf' | 'mp3'; contentType: string; bytes: number; url: string };

/** A bought book's file as the device saves it: 404 unknown or without a file, 403 not bought. */
export async function savableBook(user: Pick<User, 'id'>, bookId: string): Promise<SavableBook> {
  const id = objectIdFrom(bookId);
  const book = await findBookForBuyers(id, { bookName: 1 });
  if (!book) throw new HttpError(404, 'bookNotFound');
  if (!(await hasPaidOrder(user, bookId))) throw new HttpError(403, 'forbiddenAccess');
  const file = await findBookFile(id);
  if (!file) throw new HttpError(404, 'thisBookHasNoFileYet');
  return { id: bookId, title: book.bookName, format: file.contentType === 'audio/mpeg' ? 'mp3' : 'pdf', contentType: file.contentType, bytes: file.length, url: routes.bookFile(bookId) };
}

/** Of the courses and books a device holds, those still the learner's: what is left out (refunded, deleted) the device removes. */
export async function stillEntitled(user: SavingLearner, held: { courses: string[]; books: string[] }): Promise<{ courses: string[]; books: string[] }> {
  const valid = (ids: string[]) => [...new Set(ids)].filter((id) => parseObjectId(id));
  const [courses, books] = await Promise.all([
    Promise.all(valid(held.courses).map(async (id) => ((await findLearningCourse(id)) && (await canTakeCourse(user, id)) ? [id] : []))),
    Promise.all(valid(held.books).map(async (id) => ((await hasPaidOrder(user, id)) ? [id] : []))),
  ]);
  return { courses: courses.flat(), books: books.flat() };
}

import 'server-only';
import { coded } from '@/lib/coded-message';
import { ObjectId } from 'mongodb';
import { routing } from '@/i18n/routing';
import type { LessonEditorContent, LessonText, OutlineText, StoredFileSummary } from '@/lib/curriculum';
import { CURRICULUM_LIMITS, lessonAddSchema, lessonUpdateSchema, moveSchema, sectionTitleSchema } from '@/lib/schemas/curriculum';
import type { LessonUpdateValues } from '@/lib/schemas/curriculum';
import { TRUE_FALSE_OPTIONS } from '@/lib/quiz';
import type { QuestionText, Quiz, QuizOption, QuizQuestion } from '@/lib/quiz';
import { TRANSLATION_LOCALES, translated } from '@/lib/translated-content';
import type { TranslationLocale, Translations } from '@/lib/translated-content';
import { changedTranslations, pickedTranslations } from '@/lib/translation-changes';
import { quizSchema } from '@/lib/schemas/quiz';
import type { QuizValues } from '@/lib/schemas/quiz';
import { recordAudit } from '../../platform/audit';
import { deleteChunks } from '../../platform/chunked-files';
import { forgetLessonVideo, videoStreamingOfCourse } from '../../learning/lesson-video/jobs';
import { playbackSummariesOfCourse } from '../../learning/lesson-video/playback-reports';
import { collection, parseObjectId, withDb } from '../../platform/db';
import type { CurriculumSectionDocument, LessonDocument, LessonOutlineDocument, StoredFileRef } from '../../platform/documents';
import { HttpError } from '../../platform/http';
import { renderedArticle } from '../../platform/markdown';
import { revalidateCatalogue } from '../catalogue-cache';
import { parsedAdminInput } from './admin-input';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';

// Editing a course's curriculum (the course update screen): sections and lessons added, renamed,
// moved and deleted, and each lesson's content. The outline is one array on the course document,
// changed by compare-and-set on `curriculumVersion`, so two admins (on any app instances) never
// lose each other's edits: a change made against a stale outline is re-applied to the fresh one.
// Every change is audited and refreshes the cached course pages. Titles, articles, transcripts and
// quiz texts may carry translations by language (lib/translated-content.ts), changed language by
// language (lib/translation-changes.ts). Each operation parses what it is given
// (lib/schemas/curriculum.ts, lib/schemas/quiz.ts: server/catalogue/admin/admin-input.ts).

type Outline = CurriculumSectionDocument[];
type OutlineCourse = { _id: ObjectId; title: string; curriculum?: Outline; curriculumVersion?: number; comingSoon?: boolean; draft?: boolean };

// Edits of one course's outline that meet (two tabs, two admins, quick reorders) retry from the
// stored outline; the version check makes each store atomic on any number of app instances.
const CONFLICT_RETRIES = 5;

async function findOutlineCourse(courseId: ObjectId): Promise<OutlineCourse> {
  const course = await withDb(async () =>
    (await collection('courses')).findOne({ _id: courseId }, { projection: { title: 1, curriculum: 1, curriculumVersion: 1, comingSoon: 1, draft: 1 } }),
  );
  if (!course) throw new HttpError(404, 'courseNotFound');
  return course;
}

/**
 * Applies `change` to the course's current outline and stores the result if nobody changed the
 * outline meanwhile (else re-reads and re-applies). `change` works on a copy and may throw an
 * HttpError to refuse. Answers what `change` answered.
 */
async function changeOutline<T>(
  actor: Actor,
  courseId: ObjectId,
  change: (outline: Outline, course: OutlineCourse) => { result: T; summary: string },
  { partOfUpload = false } = {},
): Promise<T> {
  authorize(actor, 'manageCatalogue');
  // An upload has already counted against the admin's allowance.
  if (!partOfUpload) await takeAdminWriteAllowance(actor);
  for (let attempt = 0; attempt < CONFLICT_RETRIES; attempt += 1) {
    const course = await findOutlineCourse(courseId);
    const outline = copyOutline(course.curriculum ?? []);
    const { result, summary } = change(outline, course);
    const version = course.curriculumVersion;
    const stored = await withDb(async () =>
      (await collection('courses')).updateOne(
        { _id: courseId, curriculumVersion: version === undefined ? { $exists: false } : version },
        { $set: { curriculum: outline, curriculumVersion: (version ?? 0) + 1 } },
      ),
    );
    if (stored.matchedCount === 1) {
      await recordAudit({ actor, action: 'update', entity: 'course', entityId: courseId.toHexString(), summary: `Curriculum of “${course.title}”: ${summary}` });
      // The course page shows the outline and its counts.
      await revalidateCatalogue('course', [courseId.toHexString()]);
      return result;
    }
  }
  throw new HttpError(409, 'theCurriculumWasChangedBySomeoneElseAtTheSameMomentPlease');
}

/** A copy to change: sections and lessons are new objects, ids stay ObjectIds (structuredClone would not keep them). */
function copyOutline(outline: Outline): Outline {
  return outline.map((section) => ({ ...section, lessons: section.lessons.map((lesson) => ({ ...lesson })) }));
}

/** How many lessons an outline has (none for a course without one). */
export function lessonCount(outline: Outline | undefined): number {
  return (outline ?? []).reduce((total, section) => total + section.lessons.length, 0);
}

/** Sets a section's or lesson's title translations after a change (none left: the field goes). */
function changeTitleTranslations(part: { translations?: Translations<OutlineText> }, sent: Translations<OutlineText> | undefined): void {
  const translations = changedTranslations(part.translations, sent);
  if (translations) part.translations = translations;
  else delete part.translations;
}

function sectionIn(outline: Outline, sectionId: string): CurriculumSectionDocument {
  const section = outline.find((candidate) => candidate._id.toHexString() === sectionId);
  if (!section) throw new HttpError(404, 'thisSectionNoLongerExists');
  return section;
}

function lessonIn(outline: Outline, lessonId: string): { section: CurriculumSectionDocument; index: number; lesson: LessonOutlineDocument } {
  for (const section of outline) {
    const index = section.lessons.findIndex((lesson) => lesson._id.toHexString() === lessonId);
    const lesson = section.lessons[index];
    if (lesson) return { section, index, lesson };
  }
  throw new HttpError(404, 'thisLessonNoLongerExists');
}

/** A course on sale keeps at least one lesson once it had one; drafts and "coming soon" courses may be emptied. */
function assertStillDeliverable(outline: Outline, course: OutlineCourse): void {
  if (lessonCount(outline) === 0 && lessonCount(course.curriculum) > 0 && !course.comingSoon && !course.draft) {
    throw new HttpError(409, 'aCourseOnSaleNeedsAtLeastOneLessonMarkItComing');
  }
}

/** Adds a section ({title, translations?}) at the end of the outline. */
export async function addSection(actor: Actor, courseId: ObjectId, input: unknown): Promise<string> {
  const { title, translations } = parsedAdminInput(actor, sectionTitleSchema, input);
  return changeOutline(actor, courseId, (outline) => {
    if (outline.length >= CURRICULUM_LIMITS.sections) throw new HttpError(400, coded('aCourseHasAtMostSections', { sections: CURRICULUM_LIMITS.sections }));
    const section: CurriculumSectionDocument = { _id: new ObjectId(), title, lessons: [] };
    changeTitleTranslations(section, translations);
    outline.push(section);
    return { result: section._id.toHexString(), summary: `added the section “${title}”` };
  });
}

/** Renames a section ({title, translations?}); `translations` changes its title in the languages sent (the others keep theirs). */
export async function renameSection(actor: Actor, courseId: ObjectId, sectionId: string, input: unknown): Promise<void> {
  const { title, translations } = parsedAdminInput(actor, sectionTitleSchema, input);
  await changeOutline(actor, courseId, (outline) => {
    const section = sectionIn(outline, sectionId);
    const before = section.title;
    section.title = title;
    changeTitleTranslations(section, translations);
    return { result: undefined, summary: `renamed the section “${before}” to “${title}”` };
  });
}

export async function moveSection(actor: Actor, courseId: ObjectId, sectionId: string, directionInput: unknown): Promise<void> {
  const direction = parsedAdminInput(actor, moveSchema, directionInput);
  await changeOutline(actor, courseId, (outline) => {
    const index = outline.indexOf(sectionIn(outline, sectionId));
    const target = direction === 'up' ? index - 1 : index + 1;
    const [section] = outline.splice(index, 1);
    if (!section) throw new HttpError(404, 'thisSectionNoLongerExists');
    outline.splice(Math.min(Math.max(target, 0), outline.length), 0, section);
    return { result: undefined, summary: `moved the section “${section.title}” ${direction}` };
  });
}

/** Removes lessons' content and stored files once they are gone from the outline (or the course is deleted). */
async function deleteLessonContent(lessonIds: ObjectId[]): Promise<void> {
  if (lessonIds.length === 0) return;
  await withDb(async () => {
    const lessons = await collection('lessons');
    const documents = await lessons.find({ _id: { $in: lessonIds } }).toArray();
    await lessons.deleteMany({ _id: { $in: lessonIds } });
    for (const document of documents) {
      for (const file of [document.video, document.file, document.notes]) if (file) await deleteChunks('lessonFileChunks', file.fileId);
      await forgetLessonVideo(document._id, document.stream);
    }
  });
}

/** A deleted course's lessons and their files (a course nobody bought: only admins and preview visitors have progress in it). */
export async function deleteCourseLessons(courseId: ObjectId): Promise<void> {
  const ids = await withDb(async () => (await collection('lessons')).find({ courseId }, { projection: { _id: 1 } }).toArray());
  await deleteLessonContent(ids.map((lesson) => lesson._id));
}

export async function deleteSection(actor: Actor, courseId: ObjectId, sectionId: string): Promise<void> {
  const removed = await changeOutline(actor, courseId, (outline, course) => {
    const section = sectionIn(outline, sectionId);
    outline.splice(outline.indexOf(section), 1);
    assertStillDeliverable(outline, course);
    return { result: section.lessons.map((lesson) => lesson._id), summary: `deleted the section “${section.title}” and its ${section.lessons.length} lessons` };
  });
  await deleteLessonContent(removed);
}

/** Adds a lesson ({sectionId, title, kind}) at the end of its section. */
export async function addLesson(actor: Actor, courseId: ObjectId, lessonInput: unknown): Promise<string> {
  const input = parsedAdminInput(actor, lessonAddSchema, lessonInput);
  const lessonId = await changeOutline(actor, courseId, (outline) => {
    if (lessonCount(outline) >= CURRICULUM_LIMITS.lessons) throw new HttpError(400, coded('aCourseHasAtMostLessons', { lessons: CURRICULUM_LIMITS.lessons }));
    const section = sectionIn(outline, input.sectionId);
    const lesson: LessonOutlineDocument = { _id: new ObjectId(), title: input.title, kind: input.kind, freePreview: false };
    section.lessons.push(lesson);
    return { result: lesson._id, summary: `added the ${input.kind} lesson “${input.title}” to “${section.title}”` };
  });
  await withDb(async () =>
    (await collection('lessons')).insertOne({ _id: lessonId, courseId, kind: input.kind, updatedAt: new Date() }),
  );
  return lessonId.toHexString();
}

/** Moves a lesson one place up or down; past either end of its section it joins the neighbouring section. */
export async function moveLesson(actor: Actor, courseId: ObjectId, lessonId: string, directionInput: unknown): Promise<void> {
  const direction = parsedAdminInput(actor, moveSchema, directionInput);
  await changeOutline(actor, courseId, (outline) => {
    const { section, index, lesson } = lessonIn(outline, lessonId);
    const sectionIndex = outline.indexOf(section);
    section.lessons.splice(index, 1);
    if (direction === 'up' && index > 0) section.lessons.splice(index - 1, 0, lesson);
    else if (direction === 'down' && index < section.lessons.length) section.lessons.splice(index + 1, 0, lesson);
    else {
      const neighbour = outline[direction === 'up' ? sectionIndex - 1 : sectionIndex + 1];
      // Already first (or last) of the whole course: it stays where it was.
      if (!neighbour) section.lessons.splice(index, 0, lesson);
      else if (direction === 'up') neighbour.lessons.push(lesson);
      else neighbour.lessons.unshift(lesson);
    }
    return { result: undefined, summary: `moved the lesson “${lesson.title}” ${direction}` };
  });
}

export async function deleteLesson(actor: Actor, courseId: ObjectId, lessonId: string): Promise<void> {
  const removed = await changeOutline(actor, courseId, (outline, course) => {
    const { section, index, lesson } = lessonIn(outline, lessonId);
    section.lessons.splice(index, 1);
    assertStillDeliverable(outline, course);
    return { result: lesson._id, summary: `deleted the lesson “${lesson.title}”` };
  });
  await deleteLessonContent([removed]);
}

/**
 * Saves a lesson's title, duration, free-preview flag and written content (article, YouTube
 * address, transcript), and their translations in the languages sent: a translated article is
 * rendered to safe HTML like the default one.
 */
export async function updateLesson(actor: Actor, courseId: ObjectId, lessonId: string, input: unknown): Promise<void> {
  const values = parsedAdminInput(actor, lessonUpdateSchema, input);
  const id = parseObjectId(lessonId);
  if (!id) throw new HttpError(404, 'thisLessonNoLongerExists');
  const kind = await changeOutline(actor, courseId, (outline) => {
    const { lesson } = lessonIn(outline, lessonId);
    lesson.title = values.title;
    changeTitleTranslations(lesson, pickedTranslations(values.translations, ({ title }) => ({ title })));
    lesson.freePreview = values.freePreview;
    if (values.duration === undefined) delete lesson.durationSeconds;
    else lesson.durationSeconds = values.duration;
    lesson.hasTranscript = lesson.kind === 'video' && values.transcript !== undefined;
    return { result: lesson.kind, summary: `updated the lesson “${values.title}”` };
  });
  const set: Partial<LessonDocument> = { courseId, kind, updatedAt: new Date() };
  const unset: Record<string, ''> = {};
  if (kind === 'article') {
    if (values.markdown === undefined) unset.article = '';
    else set.article = renderedArticle(values.markdown);
  }
  if (kind === 'video') {
    if (values.transcript === undefined) unset.transcript = '';
    else set.transcript = values.transcript;
    if (values.youtubeUrl !== undefined) set.youtubeUrl = values.youtubeUrl;
    else unset.youtubeUrl = '';
  }
  // Each language sent replaces the stored one (`translations.bn`), so the others keep theirs.
  for (const [locale, texts] of Object.entries(contentTranslations(kind, values.translations))) {
    if (Object.keys(texts).length > 0) Object.assign(set, { [`translations.${locale}`]: texts });
    else unset[`translations.${locale}`] = '';
  }
  await withDb(async () =>
    (await collection('lessons')).updateOne({ _id: id }, { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) }, { upsert: true }),
  );
}

type ContentTranslation = NonNullable<LessonDocument['translations']>[TranslationLocale];

/** A lesson's content in each language sent, as stored: only what its kind uses, the article rendered. */
function contentTranslations(kind: LessonDocument['kind'], sent: LessonUpdateValues['translations']): Partial<Record<TranslationLocale, NonNullable<ContentTranslation>>> {
  const written = pickedTranslations(sent, ({ markdown, transcript }): NonNullable<ContentTranslation> => ({
    ...(kind === 'article' && markdown !== undefined ? { article: renderedArticle(markdown) } : {}),
    ...(kind === 'video' && transcript !== undefined ? { transcript } : {}),
  }));
  return (written ?? {}) as Partial<Record<TranslationLocale, NonNullable<ContentTranslation>>>;
}

/** The editor's view of a lesson's translated content: the Markdown and the transcript, by language. */
function editorTranslations(translations: LessonDocument['translations']): Translations<LessonText> | undefined {
  const texts = pickedTranslations(translations, ({ article, transcript }) => ({ markdown: article?.markdown, transcript }));
  const written = Object.entries(texts ?? {}).filter(([, text]) => Object.keys(text ?? {}).length > 0);
  return written.length > 0 ? Object.fromEntries(written) : undefined;
}

/** Marks in the outline that a lesson now has downloadable notes (the course page counts them); part of an upload. */
export async function markLessonNotes(actor: Actor, courseId: ObjectId, lessonId: string, fileName: string): Promise<void> {
  await changeOutline(actor, courseId, (outline) => {
    const { lesson } = lessonIn(outline, lessonId);
    lesson.hasNotes = true;
    return { result: undefined, summary: `uploaded the notes “${fileName}” of “${lesson.title}”` };
  }, { partOfUpload: true });
}

function summaryOf(file: StoredFileRef | undefined): StoredFileSummary | undefined {
  return file ? { name: file.name, length: file.length } : undefined;
}

function captionSummaries(captions: NonNullable<LessonDocument['captions']>): LessonEditorContent['captions'] {
  return Object.fromEntries(Object.entries(captions).map(([locale, summary]) => [locale, { name: summary.name, cueCount: summary.cueCount }]));
}

/** Every lesson's editable content, for the editor (the rendered HTML is left out). */
export async function listLessonContents(courseId: ObjectId): Promise<LessonEditorContent[]> {
  const renderedHtml = Object.fromEntries(['article.html', ...TRANSLATION_LOCALES.map((locale) => `translations.${locale}.article.html`)].map((path) => [path, 0]));
  const documents = await withDb(async () => (await collection('lessons')).find({ courseId }, { projection: renderedHtml }).toArray());
  const [streaming, playback] = await Promise.all([
    videoStreamingOfCourse(courseId, new Map(documents.flatMap((document) => (document.stream ? [[document._id.toHexString(), document.stream]] : [])))),
    playbackSummariesOfCourse(courseId),
  ]);
  return documents.map((document) => {
    const translations = editorTranslations(document.translations);
    const videoStreaming = streaming.get(document._id.toHexString());
    const playbackSummary = playback.get(document._id.toHexString());
    return {
      id: document._id.toHexString(),
      ...(document.youtubeUrl ? { youtubeUrl: document.youtubeUrl } : {}),
      ...(document.article ? { markdown: document.article.markdown } : {}),
      ...(document.transcript ? { transcript: document.transcript } : {}),
      ...(document.video ? { video: summaryOf(document.video) } : {}),
      ...(document.file ? { file: summaryOf(document.file) } : {}),
      ...(document.notes ? { notes: summaryOf(document.notes) } : {}),
      ...(document.quiz ? { quiz: document.quiz } : {}),
      ...(translations ? { translations } : {}),
      ...(videoStreaming ? { streaming: videoStreaming } : {}),
      ...(document.captions ? { captions: captionSummaries(document.captions) } : {}),
      ...(playbackSummary ? { playback: playbackSummary } : {}),
    };
  });
}

type QuestionValues = QuizValues['questions'][number];

/** `part` with `translations` when it has any left after the change (see changedTranslations). */
function withChangedTranslations<Part extends { translations?: unknown }, Text>(part: Omit<Part, 'translations'>, stored: Translations<Text> | undefined, sent: Translations<Text> | undefined) {
  const translations = changedTranslations(stored, sent);
  return (translations ? { ...part, translations } : part) as Part;
}

/** A question's options as stored: none for numeric, True and False spelled the one way (their texts are the pages' own), the others' translations changed by language. */
function normalizedOptions(question: QuestionValues, stored: QuizQuestion | undefined): QuizOption[] {
  if (question.kind === 'numeric') return [];
  if (question.kind === 'trueFalse') return TRUE_FALSE_OPTIONS.map(({ id, text }) => ({ id, text, correct: question.options.find((option) => option.id === id)?.correct === true }));
  return question.options.map(({ translations, ...option }) =>
    withChangedTranslations<QuizOption, { text: string }>(option, stored?.options.find((candidate) => candidate.id === option.id)?.translations, translations),
  );
}

/**
 * The quiz as stored: only what each question type uses. Translations change language by language
 * against `stored` (the quiz saved before), by question and option id, like every translated text.
 */
function normalizedQuiz(values: QuizValues, stored: Quiz | undefined): Quiz {
  return {
    passPercent: values.passPercent,
    ...(values.timeLimitMinutes === undefined ? {} : { timeLimitMinutes: values.timeLimitMinutes }),
    ...(values.maxAttempts === undefined ? {} : { maxAttempts: values.maxAttempts }),
    shuffleQuestions: values.shuffleQuestions,
    shuffleOptions: values.shuffleOptions,
    showAnswers: values.showAnswers,
    questions: values.questions.map((question) => {
      const { numeric, options: _options, imageUrl, imageAlt, explanation, translations, ...rest } = question;
      const before = stored?.questions.find((candidate) => candidate.id === question.id);
      const normalized = {
        ...rest,
        ...(imageUrl ? { imageUrl, imageAlt: imageAlt ?? '' } : {}),
        ...(explanation ? { explanation } : {}),
        options: normalizedOptions(question, before),
        ...(question.kind === 'numeric' && numeric ? { numeric } : {}),
      };
      return withChangedTranslations<QuizQuestion, QuestionText>(normalized, before?.translations, translations);
    }),
  };
}

/**
 * Saves a quiz lesson's settings and questions. Attempts under way keep their questions (by id):
 * a question deleted meanwhile is left out of their grade, one added is asked from the next attempt.
 */
export async function saveQuiz(actor: Actor, courseId: ObjectId, lessonId: string, input: unknown): Promise<void> {
  const values = parsedAdminInput(actor, quizSchema, input);
  await takeAdminWriteAllowance(actor);
  const id = parseObjectId(lessonId);
  if (!id) throw new HttpError(404, 'thisLessonNoLongerExists');
  const course = await findOutlineCourse(courseId);
  const { lesson } = lessonIn(course.curriculum ?? [], lessonId);
  if (lesson.kind !== 'quiz') throw new HttpError(409, 'thisLessonIsNotAQuiz');
  await withDb(async () => {
    const lessons = await collection('lessons');
    const stored = await lessons.findOne({ _id: id }, { projection: { quiz: 1 } });
    await lessons.updateOne({ _id: id }, { $set: { courseId, kind: 'quiz', quiz: normalizedQuiz(values, stored?.quiz), updatedAt: new Date() } }, { upsert: true });
  });
  await recordAudit({
    actor,
    action: 'update',
    entity: 'course',
    entityId: courseId.toHexString(),
    summary: `Curriculum of “${course.title}”: saved the quiz “${lesson.title}” (${values.questions.length} questions)`,
  });
  // Nothing public changed: the course page shows the outline, and questions are never public.
}

export type QuestionStatistics = {
  id: string;
  prompt: string;
  kind: QuizQuestion['kind'];
  answered: number;
  correct: number;
  options: { id: string; text: string; correct: boolean; chosen: number }[];
};

/** How each question of a quiz was answered, for admins to spot bad questions; its texts in `locale` where translated. */
export async function quizStatistics(
  actor: Actor,
  courseId: ObjectId,
  lessonId: string,
  locale: string = routing.defaultLocale,
): Promise<{ submissions: number; questions: QuestionStatistics[] }> {
  authorize(actor, 'manageCatalogue');
  const id = parseObjectId(lessonId);
  if (!id) throw new HttpError(404, 'thisLessonNoLongerExists');
  const [lesson, stats] = await withDb(async () =>
    Promise.all([(await collection('lessons')).findOne({ _id: id, courseId }, { projection: { quiz: 1 } }), (await collection('quizStats')).findOne({ _id: id })]),
  );
  if (!lesson) throw new HttpError(404, 'thisLessonNoLongerExists');
  return {
    submissions: stats?.submissions ?? 0,
    questions: (lesson.quiz?.questions ?? []).map((question) => {
      const counted = stats?.questions?.[question.id];
      return {
        id: question.id,
        prompt: translated(question.prompt, question.translations, 'prompt', locale),
        kind: question.kind,
        answered: counted?.answered ?? 0,
        correct: counted?.correct ?? 0,
        options: question.options.map(({ id, text, correct, translations }) => ({ id, text: translated(text, translations, 'text', locale), correct, chosen: counted?.options?.[id] ?? 0 })),
      };
    }),
  };
}

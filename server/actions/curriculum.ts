'use server';

import { firstIssueMessage } from '@/lib/coded-message';
import type { ObjectId } from 'mongodb';
import type { ZodError } from 'zod';
import { fieldErrorsByPath } from '@/lib/result';
import type { Result } from '@/lib/result';
import { localeField } from '@/lib/schemas/locale';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import type { InvalidAnswer } from '@/server/catalogue/admin/admin-action';
import {
  addLesson,
  addSection,
  deleteLesson,
  deleteSection,
  moveLesson,
  moveSection,
  quizStatistics,
  renameSection,
  saveQuiz,
  updateLesson,
} from '@/server/catalogue/admin/curriculum';
import type { QuestionStatistics } from '@/server/catalogue/admin/curriculum';
import type { Actor } from '@/server/accounts/permissions';

// The curriculum editor's server actions (course update screen). Each checks the ids the page sent
// and calls the one domain operation (server/catalogue/admin/curriculum.ts: admin check, parsing
// of the values, limits, audit, and the refresh of the course's cached pages); a refusal of the
// values comes back in the shape each editor shows.

const GONE = 'thisCourseNoLongerExists';
const UNKNOWN = 'thisPartOfTheCurriculumNoLongerExistsPleaseReloadThePage';

type Edit<T> = (admin: Actor, courseId: ObjectId) => Promise<Result<T>>;

async function editCurriculum<T>(courseIdInput: unknown, edit: Edit<T>, invalid?: InvalidAnswer<NoInfer<T>>): Promise<Result<T>> {
  return asPermittedAction(
    'manageCatalogue',
    async (admin) => {
      const courseId = objectIdOrNull(courseIdInput);
      if (!courseId) return { ok: false, message: GONE };
      return edit(admin, courseId);
    },
    invalid,
  );
}

/** Like invalidInput, each error keyed by its field's whole path (`translations.bn.title`), so the translated fields get theirs. */
function invalidFields<T>(error: ZodError): Result<T> {
  const invalid = invalidInput<T>(error);
  return invalid.ok ? invalid : { ...invalid, fieldErrors: fieldErrorsByPath(error.issues) };
}

/** The first problem in words: quiz errors are about one question among many, not one field. */
function invalidQuiz<T>(error: ZodError): Result<T> {
  const invalid = invalidInput<T>(error);
  return invalid.ok ? invalid : { ...invalid, message: firstIssueMessage(error.issues, 'pleaseCorrectTheQuiz') };
}

/** A move that is neither up nor down names no place in the curriculum the page showed. */
function unknownMove<T>(): Result<T> {
  return { ok: false, message: UNKNOWN };
}

/** An id of a section or lesson sent by the browser, or null. */
function partId(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value) ? value : null;
}

export async function addSectionAction(courseId: unknown, input: unknown): Promise<Result<{ id: string }>> {
  return editCurriculum(courseId, async (admin, id) => ({ ok: true, data: { id: await addSection(admin, id, input) } }), invalidFields);
}

export async function renameSectionAction(courseId: unknown, sectionId: unknown, input: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const section = partId(sectionId);
    if (!section) return { ok: false, message: UNKNOWN };
    await renameSection(admin, id, section, input);
    return { ok: true, data: undefined };
  }, invalidFields);
}

export async function moveSectionAction(courseId: unknown, sectionId: unknown, direction: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const section = partId(sectionId);
    if (!section) return { ok: false, message: UNKNOWN };
    await moveSection(admin, id, section, direction);
    return { ok: true, data: undefined };
  }, unknownMove);
}

export async function deleteSectionAction(courseId: unknown, sectionId: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const section = partId(sectionId);
    if (!section) return { ok: false, message: UNKNOWN };
    await deleteSection(admin, id, section);
    return { ok: true, data: undefined };
  });
}

export async function addLessonAction(courseId: unknown, input: unknown): Promise<Result<{ id: string }>> {
  return editCurriculum(courseId, async (admin, id) => ({ ok: true, data: { id: await addLesson(admin, id, input) } }), invalidInput);
}

export async function updateLessonAction(courseId: unknown, lessonId: unknown, input: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const lesson = partId(lessonId);
    if (!lesson) return { ok: false, message: UNKNOWN };
    await updateLesson(admin, id, lesson, input);
    return { ok: true, data: undefined };
  }, invalidFields);
}

export async function moveLessonAction(courseId: unknown, lessonId: unknown, direction: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const lesson = partId(lessonId);
    if (!lesson) return { ok: false, message: UNKNOWN };
    await moveLesson(admin, id, lesson, direction);
    return { ok: true, data: undefined };
  }, unknownMove);
}

export async function deleteLessonAction(courseId: unknown, lessonId: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const lesson = partId(lessonId);
    if (!lesson) return { ok: false, message: UNKNOWN };
    await deleteLesson(admin, id, lesson);
    return { ok: true, data: undefined };
  });
}

export async function saveQuizAction(courseId: unknown, lessonId: unknown, input: unknown): Promise<Result> {
  return editCurriculum(courseId, async (admin, id) => {
    const lesson = partId(lessonId);
    if (!lesson) return { ok: false, message: UNKNOWN };
    await saveQuiz(admin, id, lesson, input);
    return { ok: true, data: undefined };
  }, invalidQuiz);
}

/** How a quiz's questions were answered (reads only; nothing to refresh), its texts in the editor page's `locale`. */
export async function quizStatisticsAction(courseId: unknown, lessonId: unknown, locale?: unknown): Promise<Result<{ submissions: number; questions: QuestionStatistics[] }>> {
  return asPermittedAction('manageCatalogue', async (admin) => {
    const id = objectIdOrNull(courseId);
    const lesson = partId(lessonId);
    if (!id || !lesson) return { ok: false, message: UNKNOWN };
    return { ok: true, data: await quizStatistics(admin, id, lesson, localeField.catch('en').parse(locale)) };
  });
}

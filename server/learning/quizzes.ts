import 'server-only';
import { coded } from '@/lib/coded-message';
import { randomInt } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { routing } from '@/i18n/routing';
import { DEFAULT_ANSWER_REVEAL, LATE_GRACE_SECONDS, answersRevealed, attemptsLeft, gradeQuiz, learnerQuestion, resultIn, sortByOrder, withoutAnswer } from '@/lib/quiz';
import type { AttemptRecord, AttemptResult, OpenAttempt, QuestionResult, Quiz, QuizAnswers, QuizQuestion, QuizState, QuizSummary } from '@/lib/quiz';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { QuizAttemptDocument, QuizSubmissionDocument } from '../platform/documents';
import { HttpError } from '../platform/http';
import { findLessonContent, openLesson } from './learning';
import type { Learner, LearningCourse } from './learning';
import { readCourseProgress, writeLessonEntry } from './progress';
import type { CourseProgress } from './progress';

// Taking a quiz lesson. The questions reach the browser only as LearnerQuestion (no correct flags,
// no numeric answer, no explanation); the server alone grades. Attempts are keyed
// `{userId}:{lessonId}:{number}` and their grades by the same id, so a second start of one attempt
// or a second submission of it is a duplicate key, never a second count, on any app instance.
// Grading never looks at a language: the learner's `locale` only picks the texts they are shown.

/** Attempts shown in a learner's history (newest first); a quiz with unlimited attempts keeps counting beyond. */
const HISTORY_LIMIT = 50;

function attemptId(userId: string, lessonId: string, number: number): string {
  return `${userId}:${lessonId}:${number}`;
}

function summaryOf(quiz: Quiz): QuizSummary {
  return {
    questionCount: quiz.questions.length,
    passPercent: quiz.passPercent,
    timeLimitMinutes: quiz.timeLimitMinutes ?? null,
    maxAttempts: quiz.maxAttempts ?? null,
  };
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** The attempt's questions as they stand now, in its order (a question deleted since is left out). */
function attemptQuestions(quiz: Quiz, attempt: Pick<QuizAttemptDocument, 'questionOrder'>): QuizQuestion[] {
  const asked = new Set(attempt.questionOrder);
  return sortByOrder(
    quiz.questions.filter((question) => asked.has(question.id)),
    attempt.questionOrder,
  );
}

function openAttemptView(quiz: Quiz, attempt: QuizAttemptDocument, locale: string): OpenAttempt {
  return {
    id: attempt._id,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    questions: attemptQuestions(quiz, attempt).map((question) => learnerQuestion(question, attempt.optionOrder[question.id], locale)),
  };
}

function recordOf(submission: QuizSubmissionDocument): AttemptRecord {
  const { _id, number, submittedAt, scorePercent, passed, late, correctCount, questionCount } = submission;
  return { id: _id, number, submittedAt: submittedAt.toISOString(), scorePercent, passed, late, correctCount, questionCount };
}

/**
 * A graded attempt as its learner may see it: the right answers and explanations only once the
 * quiz's showAnswers allows (otherwise a second attempt could replay them).
 */
function resultOf(quiz: Quiz, attempt: QuizAttemptDocument, submission: QuizSubmissionDocument, answersShown: boolean, locale: string): AttemptResult {
  const asked = attemptQuestions(quiz, attempt);
  const questions = asked.map((question) => learnerQuestion(question, attempt.optionOrder[question.id], locale));
  const byId = new Map(asked.map((question) => [question.id, question]));
  const results = answersShown ? submission.results.map((result) => resultIn(result, byId.get(result.questionId), locale)) : submission.results.map(withoutAnswer);
  return { ...recordOf(submission), passPercent: quiz.passPercent, showAnswers: quiz.showAnswers ?? DEFAULT_ANSWER_REVEAL, answersShown, questions, results };
}

/**
 * `answersRevealed` for a learner who started `started` attempts, the newest graded or not; passing
 * completes the lesson, and `passedNow` covers a pass whose completion another request is still writing.
 */
function answersShownTo(
  quiz: Quiz,
  lessonId: string,
  progress: CourseProgress,
  { started, newestGraded, passedNow = false }: { started: number; newestGraded: boolean; passedNow?: boolean },
): boolean {
  return answersRevealed(quiz.showAnswers, {
    passed: passedNow || progress.completed.has(lessonId),
    allAttemptsUsed: newestGraded && attemptsLeft(quiz.maxAttempts, started) === 0,
  });
}

type OpenedQuiz = { course: LearningCourse; lessonId: string; quiz: Quiz };

/** The quiz lesson `learner` may open, with its questions; 404/403 like every lesson, 409 while it has no questions. */
async function openQuiz(learner: Learner, courseId: string, lessonId: string): Promise<OpenedQuiz> {
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found' || (opened.status === 'open' && opened.lesson.kind !== 'quiz')) throw new HttpError(404, 'quizNotFound');
  if (opened.status === 'locked') throw new HttpError(403, 'buyTheCourseToTakeThisQuiz');
  const quiz = (await findLessonContent(opened.course.id, opened.lesson.id))?.quiz;
  if (!quiz || quiz.questions.length === 0) throw new HttpError(409, 'thisQuizHasNoQuestionsYet');
  return { course: opened.course, lessonId: opened.lesson.id, quiz };
}


async function readAttempts(ids: string[]): Promise<{ attempts: Map<string, QuizAttemptDocument>; submissions: Map<string, QuizSubmissionDocument> }> {
  if (ids.length === 0) return { attempts: new Map(), submissions: new Map() };
  const [attempts, submissions] = await withDb(async () =>
    Promise.all([
      (await collection('quizAttempts')).find({ _id: { $in: ids } }).toArray(),
      (await collection('quizSubmissions')).find({ _id: { $in: ids } }).toArray(),
    ]),
  );
  return {
    attempts: new Map(attempts.map((attempt) => [attempt._id, attempt])),
    submissions: new Map(submissions.map((submission) => [submission._id, submission])),
  };
}

/**
 * What the player shows of a quiz lesson `learner` has opened: the rules, an attempt under way, the
 * history. `progress` is the learner's progress in the course, which the player has read already.
 */
export async function readQuizState(learner: Learner, lessonId: string, quiz: Quiz, progress: CourseProgress, locale: string = routing.defaultLocale): Promise<QuizState> {
  const started = learner ? (progress.quizAttempts.get(lessonId) ?? 0) : 0;
  const numbers = Array.from({ length: Math.min(started, HISTORY_LIMIT) }, (_, index) => started - index);
  const ids = learner ? numbers.map((number) => attemptId(learner.id, lessonId, number)) : [];
  const { attempts, submissions } = await readAttempts(ids);
  const newest = ids[0] ? attempts.get(ids[0]) : undefined;
  const newestSubmission = ids[0] ? submissions.get(ids[0]) : undefined;
  const history = ids.flatMap((id) => {
    const submission = submissions.get(id);
    return submission ? [recordOf(submission)] : [];
  });
  return {
    summary: summaryOf(quiz),
    attemptsStarted: started,
    attemptsLeft: attemptsLeft(quiz.maxAttempts, started),
    passed: history.some((record) => record.passed),
    open: newest && !newestSubmission ? openAttemptView(quiz, newest, locale) : null,
    latest: newest && newestSubmission ? resultOf(quiz, newest, newestSubmission, answersShownTo(quiz, lessonId, progress, { started, newestGraded: true }), locale) : null,
    history,
  };
}

/** Of the quiz lessons `lessonIds`, those where `learnerId` has an attempt started and not yet submitted. */
export async function lessonsWithOpenAttempts(learnerId: string, lessonIds: readonly string[], progress: CourseProgress): Promise<Set<string>> {
  const newest = lessonIds.flatMap((lessonId) => {
    const started = progress.quizAttempts.get(lessonId) ?? 0;
    return started > 0 ? [{ lessonId, id: attemptId(learnerId, lessonId, started) }] : [];
  });
  const { attempts, submissions } = await readAttempts(newest.map(({ id }) => id));
  return new Set(newest.filter(({ id }) => attempts.has(id) && !submissions.has(id)).map(({ lessonId }) => lessonId));
}

function newAttempt(userId: string, opened: OpenedQuiz, number: number): QuizAttemptDocument {
  const { quiz } = opened;
  const startedAt = new Date();
  const questions = quiz.shuffleQuestions ? shuffled(quiz.questions) : quiz.questions;
  return {
    _id: attemptId(userId, opened.lessonId, number),
    userId: new ObjectId(userId),
    courseId: new ObjectId(opened.course.id),
    lessonId: new ObjectId(opened.lessonId),
    number,
    startedAt,
    ...(quiz.timeLimitMinutes ? { deadlineAt: new Date(startedAt.getTime() + quiz.timeLimitMinutes * 60_000) } : {}),
    questionOrder: questions.map((question) => question.id),
    // True/false keeps True first: shuffling two fixed answers only confuses.
    optionOrder: Object.fromEntries(
      quiz.questions.map((question) => {
        const ids = question.options.map((option) => option.id);
        return [question.id, quiz.shuffleOptions && question.kind !== 'trueFalse' ? shuffled(ids) : ids];
      }),
    ),
  };
}

/**
 * Starts the learner's next attempt, or answers the one still open (a reload, a second tab).
 * 409 once every allowed attempt has been used.
 */
export async function startQuizAttempt(learner: Learner, courseId: string, lessonId: string, locale: string = routing.defaultLocale): Promise<OpenAttempt> {
  if (!learner) throw new HttpError(401, 'signInToTakeThisQuiz');
  const opened = await openQuiz(learner, courseId, lessonId);
  let number = (await readCourseProgress(learner, opened.course.id)).quizAttempts.get(opened.lessonId) ?? 0;
  const attempts = await collection('quizAttempts');
  // A few rounds at most: the count on the progress document may trail an attempt another request just made.
  for (let round = 0; round < 5; round += 1) {
    if (number > 0) {
      const id = attemptId(learner.id, opened.lessonId, number);
      const { attempts: found, submissions } = await readAttempts([id]);
      const current = found.get(id);
      if (current && !submissions.has(id)) return openAttemptView(opened.quiz, current, locale);
    }
    const left = attemptsLeft(opened.quiz.maxAttempts, number);
    if (left === 0) throw new HttpError(409, coded('youHaveUsedAllAttemptsAtThisQuiz', { attempts: opened.quiz.maxAttempts ?? 0 }));
    const attempt = newAttempt(learner.id, opened, number + 1);
    try {
      await withDb(() => attempts.insertOne(attempt));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      number += 1; // Someone (another tab) started this one: look at it as the newest.
      continue;
    }
    await writeLessonEntry(learner.id, opened.course, opened.lessonId, { max: { attempts: attempt.number } });
    return openAttemptView(opened.quiz, attempt, locale);
  }
  throw new HttpError(409, 'anotherAttemptAtThisQuizIsStartingPleaseReloadThePage');
}

/** The answers checked against the attempt's questions: choices of options the question has, numbers for numeric ones. */
function checkedAnswers(questions: QuizQuestion[], answers: QuizAnswers): QuizAnswers {
  const checked = new Map<string, string[] | number>();
  for (const question of questions) {
    const given = answers.get(question.id);
    if (given === undefined) continue;
    if (question.kind === 'numeric') {
      if (typeof given !== 'number') throw new HttpError(400, 'theAnswerToANumericQuestionMustBeANumber');
      checked.set(question.id, given);
      continue;
    }
    if (!Array.isArray(given) || given.some((id) => !question.options.some((option) => option.id === id))) {
      throw new HttpError(400, 'anAnswerNamesAnOptionItsQuestionDoesNotHave');
    }
    if (given.length > 0) checked.set(question.id, [...new Set(given)]);
  }
  return checked;
}

/** Counts each question's answers once per submission; reading them is one _id lookup. */
async function countAnswers(lessonId: ObjectId, results: QuestionResult[]): Promise<void> {
  const inc: Record<string, number> = { submissions: 1 };
  for (const result of results) {
    if (result.given === null) continue;
    const key = `questions.${result.questionId}`;
    inc[`${key}.answered`] = 1;
    if (result.correct) inc[`${key}.correct`] = 1;
    if (Array.isArray(result.given)) for (const optionId of result.given) inc[`${key}.options.${optionId}`] = 1;
  }
  await withDb(async () => (await collection('quizStats')).updateOne({ _id: lessonId }, { $inc: inc }, { upsert: true }));
}

/**
 * Grades an attempt on the server's clock and stores the grade once: a repeated or concurrent
 * submission of the same attempt answers the first one's grade and changes nothing. Passing
 * completes the quiz lesson; a submission after the time limit counts as late and cannot pass.
 */
export async function submitQuizAttempt(learner: Learner, id: string, answers: QuizAnswers, locale: string = routing.defaultLocale): Promise<AttemptResult> {
  if (!learner) throw new HttpError(401, 'signInToTakeThisQuiz');
  // Another learner's attempt is as unknown as a made-up one.
  if (!id.startsWith(`${learner.id}:`)) throw new HttpError(404, 'attemptNotFound');
  const { attempts, submissions } = await readAttempts([id]);
  const attempt = attempts.get(id);
  if (!attempt) throw new HttpError(404, 'attemptNotFound');
  const opened = await openQuiz(learner, attempt.courseId.toHexString(), attempt.lessonId.toHexString());
  const earlier = submissions.get(id);
  if (earlier) return resultAfterGrading(learner, opened, attempt, earlier, locale);

  const submittedAt = new Date();
  const questions = attemptQuestions(opened.quiz, attempt);
  const grade = gradeQuiz(questions, checkedAnswers(questions, answers));
  const late = attempt.deadlineAt !== undefined && submittedAt.getTime() > attempt.deadlineAt.getTime() + LATE_GRACE_SECONDS * 1000;
  const submission: QuizSubmissionDocument = {
    _id: id,
    userId: attempt.userId,
    courseId: attempt.courseId,
    lessonId: attempt.lessonId,
    number: attempt.number,
    submittedAt,
    late,
    passed: !late && grade.scorePercent >= opened.quiz.passPercent,
    scorePercent: grade.scorePercent,
    correctCount: grade.correctCount,
    questionCount: grade.questionCount,
    results: grade.results,
  };
  try {
    await withDb(async () => (await collection('quizSubmissions')).insertOne(submission));
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const first = (await readAttempts([id])).submissions.get(id);
    if (!first) throw error;
    return resultAfterGrading(learner, opened, attempt, first, locale);
  }
  await writeLessonEntry(learner.id, opened.course, opened.lessonId, {
    max: { attempts: attempt.number, bestPercent: submission.scorePercent },
    completed: submission.passed,
  });
  await countAnswers(attempt.lessonId, grade.results);
  return resultAfterGrading(learner, opened, attempt, submission, locale);
}

/**
 * The graded attempt's result, its answers shown by the learner's standing after it: a replayed
 * submission of an older attempt while a newer one is open reveals nothing that attempt could use.
 */
async function resultAfterGrading(learner: NonNullable<Learner>, opened: OpenedQuiz, attempt: QuizAttemptDocument, submission: QuizSubmissionDocument, locale: string): Promise<AttemptResult> {
  const progress = await readCourseProgress(learner, opened.course.id);
  const started = Math.max(progress.quizAttempts.get(opened.lessonId) ?? 0, attempt.number);
  const newestId = attemptId(learner.id, opened.lessonId, started);
  const newestGraded = started === attempt.number || (await readAttempts([newestId])).submissions.has(newestId);
  const shown = answersShownTo(opened.quiz, opened.lessonId, progress, { started, newestGraded, passedNow: submission.passed });
  return resultOf(opened.quiz, attempt, submission, shown, locale);
}

// What the quiz player holds between renders and how each step changes it: the learner's answers
// and layout, the open attempt and its clock, and what the server answered on start and submit.
// Pure, so every transition can be checked without a browser; ./use-quiz-lesson.ts runs it.
import { westernDigits } from '@/lib/quiz';
import type { AttemptRecord, AttemptResult, LearnerQuestion, OpenAttempt, QuizState } from '@/lib/quiz';
import type { SubmissionInput } from '@/lib/schemas/quiz';
import type { Answer } from './quiz-api';

/** Answers as the inputs hold them: option ids, or the number as typed. */
export type Draft = Record<string, string[] | string>;
export type Layout = 'all' | 'one';

export type QuizLessonState = {
  quiz: QuizState;
  attempt: OpenAttempt | null;
  result: AttemptResult | null;
  /** The layout chosen in this page; until then the one stored on the device is used. */
  chosenLayout: Layout | null;
  /** Answers given in this page, tied to their attempt; until then those stored on the device are used. */
  edited: { attemptId: string; draft: Draft } | null;
  /** The question shown when one is shown at a time. */
  current: number;
  busy: boolean;
  /** The server's message (English), or '' when there is none. */
  error: string;
  /** The learner was warned that some questions are unanswered; submitting again sends them anyway. */
  confirmUnanswered: boolean;
  /** Seconds left in which attempt, tied to it so a new attempt never inherits a finished clock. */
  clockOf: { attemptId: string; seconds: number } | null;
};

export type QuizLessonAction =
  | { type: 'layoutChosen'; layout: Layout }
  | { type: 'answered'; draft: Draft }
  | { type: 'questionMoved'; to: number }
  | { type: 'unansweredWarned' }
  | { type: 'startRequested' }
  | { type: 'startAnswered'; answer: Answer<OpenAttempt> }
  | { type: 'submitRequested' }
  | { type: 'submitAnswered'; answer: Answer<AttemptResult> }
  | { type: 'clockTicked'; attemptId: string; seconds: number };

export function initialState(quiz: QuizState): QuizLessonState {
  return { quiz, attempt: quiz.open, result: quiz.latest, chosenLayout: null, edited: null, current: 0, busy: false, error: '', confirmUnanswered: false, clockOf: null };
}

/** A new attempt counts against the allowance, however many the server says were started. */
function withAttemptStarted(quiz: QuizState, attempt: OpenAttempt): QuizState {
  const started = Math.max(quiz.attemptsStarted, attempt.number);
  return { ...quiz, attemptsStarted: started, attemptsLeft: quiz.summary.maxAttempts === null ? null : Math.max(0, quiz.summary.maxAttempts - started) };
}

/** A graded attempt goes to the top of the history (once), and a pass is never taken back. */
function withAttemptGraded(quiz: QuizState, result: AttemptResult): QuizState {
  const record: AttemptRecord = { ...result };
  return { ...quiz, passed: quiz.passed || result.passed, history: [record, ...quiz.history.filter((entry) => entry.id !== record.id)] };
}

export function reducer(state: QuizLessonState, action: QuizLessonAction): QuizLessonState {
  switch (action.type) {
    case 'layoutChosen':
      return { ...state, chosenLayout: action.layout };
    case 'answered':
      if (!state.attempt) return state;
      return { ...state, edited: { attemptId: state.attempt.id, draft: action.draft }, confirmUnanswered: false };
    case 'questionMoved':
      return { ...state, current: action.to };
    case 'unansweredWarned':
      return { ...state, confirmUnanswered: true };
    case 'startRequested':
    case 'submitRequested':
      return { ...state, busy: true, error: '' };
    case 'startAnswered': {
      const { answer } = action;
      if (!answer.ok) return { ...state, busy: false, error: answer.message };
      return { ...state, busy: false, attempt: answer.data, result: null, current: 0, quiz: withAttemptStarted(state.quiz, answer.data) };
    }
    case 'submitAnswered': {
      const { answer } = action;
      if (!answer.ok) return { ...state, busy: false, error: answer.message };
      return { ...state, busy: false, error: '', attempt: null, result: answer.data, confirmUnanswered: false, quiz: withAttemptGraded(state.quiz, answer.data) };
    }
    case 'clockTicked':
      return { ...state, clockOf: { attemptId: action.attemptId, seconds: action.seconds } };
  }
}

/** The answers shown: those given in this page for the open attempt, else those stored on the device. */
export function draftOf(state: QuizLessonState, storedDraft: Draft): Draft {
  return state.attempt && state.edited?.attemptId === state.attempt.id ? state.edited.draft : storedDraft;
}

export function withAnswer(draft: Draft, questionId: string, value: string[] | string): Draft {
  return { ...draft, [questionId]: value };
}

/** The seconds left on the open attempt's clock, or null before the browser's first tick (or when it has none). */
export function remainingSeconds(state: QuizLessonState): number | null {
  return state.attempt && state.clockOf?.attemptId === state.attempt.id ? state.clockOf.seconds : null;
}

/** Time running out submits the open attempt, once its clock reads 0:00. */
export function timeIsUp(state: QuizLessonState): boolean {
  return state.attempt !== null && remainingSeconds(state) === 0;
}

export function canStart(quiz: QuizState): boolean {
  return quiz.attemptsLeft === null || quiz.attemptsLeft > 0;
}

/** The draft as the server takes it; a number box that holds no number yet is left unanswered. */
export function toAnswers(draft: Draft): SubmissionInput['answers'] {
  return Object.entries(draft).flatMap(([questionId, value]): SubmissionInput['answers'] => {
    if (Array.isArray(value)) return value.length > 0 ? [{ questionId, options: value }] : [];
    const number = Number(westernDigits(value.trim()).replace(',', '.'));
    return value.trim() !== '' && Number.isFinite(number) ? [{ questionId, number }] : [];
  });
}

export function secondsLeft(deadlineAt: string | null, now: number): number | null {
  return deadlineAt === null ? null : Math.max(0, Math.round((new Date(deadlineAt).getTime() - now) / 1000));
}

/** What the open attempt's form shows: the questions on screen, how many are answered, and whether this is its last page. */
export function attemptProgress(attempt: OpenAttempt, draft: Draft, layout: Layout, current: number): { shown: LearnerQuestion[]; answered: number; unanswered: number; last: boolean } {
  const { questions } = attempt;
  const answered = toAnswers(draft).length;
  return {
    shown: layout === 'all' ? questions : questions.slice(current, current + 1),
    answered,
    unanswered: questions.length - answered,
    last: layout === 'all' || current === questions.length - 1,
  };
}

/** What sending the form does: show the next question, warn once about unanswered ones, or submit. */
export function formSubmitStep(progress: { last: boolean; unanswered: number }, confirmUnanswered: boolean): 'next' | 'warn' | 'submit' {
  if (!progress.last) return 'next';
  return submitNowStep(progress, confirmUnanswered);
}

/** What "Submit now" (or the last page's submit) does: warn once about unanswered questions, then submit. */
export function submitNowStep(progress: { unanswered: number }, confirmUnanswered: boolean): 'warn' | 'submit' {
  return progress.unanswered > 0 && !confirmUnanswered ? 'warn' : 'submit';
}

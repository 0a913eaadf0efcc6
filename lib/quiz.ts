// Quizzes: the questions an admin writes, the view a learner gets (no answers, no explanations),
// and grading. Pure functions shared by the server (which alone grades) and the editor.

import type { FormatLocale } from './format';
import { routing } from '@/i18n/routing';
import { translated } from './translated-content';
import type { Translations } from './translated-content';

export const QUESTION_KINDS = ['single', 'multiple', 'trueFalse', 'numeric'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  trueFalse: 'True or false',
  numeric: 'Numeric answer',
};

/** A true/false question's two options, always these. */
export const TRUE_FALSE_OPTIONS = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
] as const;

/** An option's text in other languages (lib/translated-content.ts); true/false options are never translated here (the pages' messages are). */
export type QuizOption = { id: string; text: string; correct: boolean; translations?: Translations<{ text: string }> };

/** What a question may have translated. */
export type QuestionText = { prompt: string; imageAlt: string; explanation: string };

export type QuizQuestion = {
  id: string;
  kind: QuestionKind;
  prompt: string;
  imageUrl?: string;
  imageAlt?: string;
  /** Shown after the attempt is submitted. */
  explanation?: string;
  /** Choices (single, multiple, true/false); empty for a numeric question. */
  options: QuizOption[];
  /** A numeric question's answer: right within ± tolerance. */
  numeric?: { value: number; tolerance: number };
  translations?: Translations<QuestionText>;
};

/**
 * When a learner sees the right answers and explanations of a graded attempt: once they passed or
 * have no attempt left (the default, also for quizzes saved before the setting existed), after
 * every attempt, or never. Until then a result says only which questions were wrong.
 */
export const ANSWER_REVEALS = ['afterPassOrLastAttempt', 'afterEachAttempt', 'never'] as const;
export type AnswerReveal = (typeof ANSWER_REVEALS)[number];
export const DEFAULT_ANSWER_REVEAL: AnswerReveal = 'afterPassOrLastAttempt';

export type QuizSettings = {
  /** Percent of questions right needed to pass. */
  passPercent: number;
  timeLimitMinutes?: number;
  /** Attempts a learner may start; absent: unlimited. */
  maxAttempts?: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** Absent: DEFAULT_ANSWER_REVEAL. */
  showAnswers?: AnswerReveal;
};

export type Quiz = QuizSettings & { questions: QuizQuestion[] };

/** A question as a learner sees it before submitting: no correct flags, no answer, no explanation. */
export type LearnerQuestion = Pick<QuizQuestion, 'id' | 'kind' | 'prompt' | 'imageUrl' | 'imageAlt'> & { options: { id: string; text: string }[] };

/** Answers by question id: the chosen option ids, or the number typed. */
export type QuizAnswers = ReadonlyMap<string, string[] | number>;

/** What a graded question reveals of the right answer: only while the quiz's showAnswers allows it. */
export type RevealedAnswer = {
  correctOptionIds: string[];
  numeric?: { value: number; tolerance: number };
  explanation?: string;
};

export type QuestionResult = {
  questionId: string;
  correct: boolean;
  given: string[] | number | null;
} & Partial<RevealedAnswer>;

/** A question's result without its right answer and explanation. */
export function withoutAnswer({ questionId, correct, given }: QuestionResult): QuestionResult {
  return { questionId, correct, given };
}

/**
 * Whether a graded attempt may show the right answers. `passed`: the learner passed the quiz in any
 * attempt; `allAttemptsUsed`: none is left and the newest one is graded, so no open attempt can use them.
 */
export function answersRevealed(setting: AnswerReveal | undefined, { passed, allAttemptsUsed }: { passed: boolean; allAttemptsUsed: boolean }): boolean {
  switch (setting ?? DEFAULT_ANSWER_REVEAL) {
    case 'never':
      return false;
    case 'afterEachAttempt':
      return true;
    case 'afterPassOrLastAttempt':
      return passed || allAttemptsUsed;
  }
}

export type QuizGrade = { correctCount: number; questionCount: number; scorePercent: number; results: QuestionResult[] };

// What the player gets from the server (server/learning/quizzes.ts).

export type QuizSummary = { questionCount: number; passPercent: number; timeLimitMinutes: number | null; maxAttempts: number | null };

export type OpenAttempt = { id: string; number: number; startedAt: string; deadlineAt: string | null; questions: LearnerQuestion[] };

export type AttemptRecord = {
  id: string;
  number: number;
  submittedAt: string;
  scorePercent: number;
  passed: boolean;
  late: boolean;
  correctCount: number;
  questionCount: number;
};

/**
 * A graded attempt as its learner sees it afterwards: the questions and which were right; the right
 * answers and explanations when `answersShown`.
 */
export type AttemptResult = AttemptRecord & {
  passPercent: number;
  /** The quiz's setting, so a result whose answers are hidden can say when they will be shown. */
  showAnswers: AnswerReveal;
  answersShown: boolean;
  questions: LearnerQuestion[];
  results: QuestionResult[];
};

export type QuizState = {
  summary: QuizSummary;
  attemptsStarted: number;
  attemptsLeft: number | null;
  passed: boolean;
  open: OpenAttempt | null;
  /** The newest submitted attempt in full (its explanations), when no attempt is open. */
  latest: AttemptResult | null;
  /** Submitted attempts, newest first. */
  history: AttemptRecord[];
};

/**
 * A question as a learner of `locale` reads it: its texts translated where written (field by
 * field, option by option), else as written in the default language.
 */
export function learnerQuestion(question: QuizQuestion, optionOrder?: string[], locale: string = routing.defaultLocale): LearnerQuestion {
  const options = question.options.map(({ id, text, translations }) => ({ id, text: translated(text, translations, 'text', locale) }));
  const ordered = optionOrder ? sortByOrder(options, optionOrder) : options;
  return {
    id: question.id,
    kind: question.kind,
    prompt: translated(question.prompt, question.translations, 'prompt', locale),
    ...(question.imageUrl ? { imageUrl: question.imageUrl, imageAlt: translated(question.imageAlt ?? '', question.translations, 'imageAlt', locale) } : {}),
    options: ordered,
  };
}

/**
 * A graded question's result as a learner of `locale` reads it: the explanation of `question` as
 * it stands now in that language, when it has one there; else the one kept with the grade.
 */
export function resultIn(result: QuestionResult, question: QuizQuestion | undefined, locale: string): QuestionResult {
  if (result.explanation === undefined) return result;
  return { ...result, explanation: translated(result.explanation, question?.translations, 'explanation', locale) };
}

/** `items` in the order of `order` (by id); items missing from it keep their place at the end. */
export function sortByOrder<T extends { id: string }>(items: T[], order: string[]): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length));
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function isRight(question: QuizQuestion, given: string[] | number | undefined): boolean {
  if (given === undefined) return false;
  if (question.kind === 'numeric') {
    return typeof given === 'number' && question.numeric !== undefined && Math.abs(given - question.numeric.value) <= question.numeric.tolerance + 1e-9;
  }
  if (!Array.isArray(given)) return false;
  const correct = question.options.filter((option) => option.correct).map((option) => option.id);
  // Single choice and true/false take one option; multiple choice needs exactly the right set.
  if (question.kind !== 'multiple' && given.length !== 1) return false;
  return sameSet([...new Set(given)], correct);
}

/** Grades `answers` to `questions` (the attempt's, in its order): all or nothing per question. */
export function gradeQuiz(questions: QuizQuestion[], answers: QuizAnswers): QuizGrade {
  const results = questions.map((question): QuestionResult => {
    const given = answers.get(question.id);
    return {
      questionId: question.id,
      correct: isRight(question, given),
      given: given ?? null,
      correctOptionIds: question.options.filter((option) => option.correct).map((option) => option.id),
      ...(question.numeric ? { numeric: question.numeric } : {}),
      ...(question.explanation ? { explanation: question.explanation } : {}),
    };
  });
  const correctCount = results.filter((result) => result.correct).length;
  const scorePercent = questions.length === 0 ? 0 : Math.round((correctCount / questions.length) * 1000) / 10;
  return { correctCount, questionCount: questions.length, scorePercent, results };
}

/** Seconds after the deadline a submission still counts as on time: the trip from the browser. */
export const LATE_GRACE_SECONDS = 5;

export function attemptsLeft(maxAttempts: number | undefined, started: number): number | null {
  return maxAttempts === undefined ? null : Math.max(0, maxAttempts - started);
}

/** A score as "87.5 %" (bn: "৮৭.৫ %"). */
export function formatScore(percent: number, locale: FormatLocale = 'en'): string {
  return `${localDigits(Number.isInteger(percent) ? String(percent) : percent.toFixed(1), locale)} %`;
}

const BENGALI_ZERO = 0x09e6;

/**
 * A number as written (no grouping, every decimal kept, as the learner or the admin typed it), in
 * the reader's digits: answers and right answers read "9.81" (bn: "৯.৮১").
 */
export function localDigits(text: string, locale: FormatLocale = 'en'): string {
  return locale === 'bn' ? text.replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit))) : text;
}

/** A typed number with any Bengali digits (০-৯) turned into 0-9, so "৯.৮" reads as 9.8. */
export function westernDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

import { coded, composedCode } from '@/lib/coded-message';
import type { CodedMessage } from '@/lib/coded-message';
import { z } from 'zod';
import { ANSWER_REVEALS, DEFAULT_ANSWER_REVEAL, QUESTION_KINDS, TRUE_FALSE_OPTIONS } from '@/lib/quiz';
import { localeField } from './locale';
import { TEXT_LIMITS, optionalImageField, optionalText, requiredText, translationsField } from './admin-fields';

// A quiz as the curriculum editor saves it (settings and every question with its answers), and
// what learners send: starting an attempt and submitting its answers. Messages name the question.

export const QUIZ_LIMITS = { questions: 100, options: 10, prompt: 2000, option: 500, explanation: 2000, minutes: 600, attempts: 100 } as const;

/**
 * Question and option ids: made by the editor, kept across edits so statistics stay attached.
 * They start with a letter or digit, so no id is `__proto__` or another special key.
 */
const partId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, coded('unknownQuestionOrOption'));

/** A whole number typed in a form ("" for none). */
function optionalWholeNumber(label: string, min: number, max: number) {
  const outOfRange = composedCode(`${label} must be a whole number from ${min} to ${max}`);
  return z
    .union([z.number(), z.string().trim()], { error: composedCode(`${label} must be a number`) })
    .transform((value, context) => {
      if (value === '') return undefined;
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: outOfRange });
        return z.NEVER;
      }
      return number;
    })
    .optional();
}

function finiteNumber(label: string) {
  const notANumber = composedCode(`${label} must be a number`);
  return z.union([z.number(), z.string().trim().min(1, composedCode(`${label} is required`))], { error: notANumber }).transform((value, context) => {
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number) || Math.abs(number) > 1e12) {
      context.addIssue({ code: 'custom', message: notANumber });
      return z.NEVER;
    }
    return number;
  });
}

const optionSchema = z.strictObject({
  id: partId,
  text: requiredText('Option text', QUIZ_LIMITS.option),
  correct: z.boolean({ error: coded('correctMustBeYesOrNo') }),
  translations: translationsField((language) => ({ text: optionalText(`${language} option text`, QUIZ_LIMITS.option) }), 'option text'),
});

const questionSchema = z.strictObject({
  id: partId,
  kind: z.enum(QUESTION_KINDS, { error: coded('chooseAQuestionType') }),
  prompt: requiredText('Question', QUIZ_LIMITS.prompt),
  imageUrl: optionalImageField('Question image'),
  imageAlt: optionalText('Image description', TEXT_LIMITS.title),
  explanation: optionalText('Explanation', QUIZ_LIMITS.explanation),
  options: z.array(optionSchema).max(QUIZ_LIMITS.options, composedCode(`A question has at most ${QUIZ_LIMITS.options} options`)),
  numeric: z.strictObject({ value: finiteNumber('Answer'), tolerance: finiteNumber('Tolerance').refine((value) => value >= 0, coded('toleranceMustBe0OrMore')) }).optional(),
  translations: translationsField(
    (language) => ({
      prompt: optionalText(`${language} question`, QUIZ_LIMITS.prompt),
      imageAlt: optionalText(`${language} image description`, TEXT_LIMITS.title),
      explanation: optionalText(`${language} explanation`, QUIZ_LIMITS.explanation),
    }),
    'question texts',
  ),
});

type QuestionValues = z.output<typeof questionSchema>;

/** What makes a question answerable, by type; `null` when it is. */
function questionProblem(question: QuestionValues): CodedMessage | null {
  const correct = question.options.filter((option) => option.correct).length;
  const ids = question.options.map((option) => option.id);
  if (new Set(ids).size !== ids.length) return coded('twoOptionsShareAnIdReloadTheEditor');
  switch (question.kind) {
    case 'single':
      if (question.options.length < 2) return coded('addAtLeastTwoOptions');
      return correct === 1 ? null : coded('markExactlyOneOptionAsCorrect');
    case 'multiple':
      if (question.options.length < 2) return coded('addAtLeastTwoOptions');
      return correct >= 1 ? null : coded('markAtLeastOneOptionAsCorrect');
    case 'trueFalse': {
      const expected = TRUE_FALSE_OPTIONS.map((option) => option.id).join();
      if (ids.join() !== expected) return coded('aTrueFalseQuestionHasTheOptionsTrueAndFalse');
      return correct === 1 ? null : coded('chooseWhetherTheStatementIsTrueOrFalse');
    }
    case 'numeric':
      if (question.options.length > 0) return coded('aNumericQuestionHasNoOptions');
      return question.numeric ? null : coded('giveTheAnswer');
  }
}

export const quizSchema = z
  .strictObject({
    passPercent: z
      .union([z.number(), z.string().trim()], { error: coded('passMarkMustBeANumber') })
      .transform((value, context) => {
        const number = typeof value === 'number' ? value : Number(value);
        if (value === '' || !Number.isInteger(number) || number < 0 || number > 100) {
          context.addIssue({ code: 'custom', message: coded('passMarkMustBeAWholePercentFrom0To100') });
          return z.NEVER;
        }
        return number;
      }),
    timeLimitMinutes: optionalWholeNumber('Time limit', 1, QUIZ_LIMITS.minutes),
    maxAttempts: optionalWholeNumber('Attempts allowed', 1, QUIZ_LIMITS.attempts),
    shuffleQuestions: z.boolean({ error: coded('shuffleQuestionsMustBeYesOrNo') }),
    shuffleOptions: z.boolean({ error: coded('shuffleOptionsMustBeYesOrNo') }),
    showAnswers: z.enum(ANSWER_REVEALS, { error: coded('chooseWhenLearnersSeeTheRightAnswers') }).default(DEFAULT_ANSWER_REVEAL),
    questions: z
      .array(questionSchema)
      .min(1, coded('aQuizNeedsAtLeastOneQuestion'))
      .max(QUIZ_LIMITS.questions, composedCode(`A quiz has at most ${QUIZ_LIMITS.questions} questions`)),
  })
  .superRefine((quiz, context) => {
    const ids = quiz.questions.map((question) => question.id);
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', path: ['questions'], message: coded('twoQuestionsShareAnIdReloadTheEditor') });
    quiz.questions.forEach((question, index) => {
      const problem = questionProblem(question);
      if (problem) context.addIssue({ code: 'custom', path: ['questions', index], message: coded('questionProblem', { number: index + 1, problem }) });
    });
  });

export type QuizInput = z.input<typeof quizSchema>;
export type QuizValues = z.output<typeof quizSchema>;

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, coded('unknownId'));

/** The language the questions are wanted in; left out, the default one (what older clients get). */
const answerLocale = localeField.optional();

/** POST /api/quiz-attempts: start (or resume) an attempt at a quiz lesson. */
export const attemptStartSchema = z.strictObject({ courseId: objectId, lessonId: objectId, locale: answerLocale });

/** An attempt's id: `{userId}:{lessonId}:{number}` (unlimited attempts stop short of a million). */
export const attemptIdSchema = z.string().regex(/^[0-9a-f]{24}:[0-9a-f]{24}:[1-9][0-9]{0,5}$/, coded('unknownAttempt'));

/**
 * POST /api/quiz-attempts/{id}/submit: one entry per answered question, the options chosen or the
 * number given (a list rather than an object keyed by question id, which would let a key such as
 * `__proto__` slip through unchecked).
 */
export const submissionSchema = z.strictObject({
  answers: z
    .array(
      z.union(
        [
          z.strictObject({ questionId: partId, options: z.array(partId).max(QUIZ_LIMITS.options, coded('tooManyOptionsChosen')) }),
          z.strictObject({ questionId: partId, number: z.number().finite('An answer must be a number') }),
        ],
        { error: coded('anAnswerIsAQuestionIdWithItsOptionsOrItsNumber') },
      ),
    )
    .max(QUIZ_LIMITS.questions, coded('tooManyAnswers')),
  locale: answerLocale,
});
export type SubmissionInput = z.infer<typeof submissionSchema>;

/** The answers by question id, as grading takes them; a question answered twice keeps its last answer. */
export function answersByQuestion(answers: SubmissionInput['answers']): Map<string, string[] | number> {
  return new Map(answers.map((answer) => [answer.questionId, 'options' in answer ? answer.options : answer.number]));
}

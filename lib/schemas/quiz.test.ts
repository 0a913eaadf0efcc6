import { answersByQuestion, quizSchema, submissionSchema } from './quiz';
import { englishText } from '@/server/platform/english-text';

// The quiz editor's rules: every question answerable by its type, numbers as typed, limits.

const single = { id: 'q1', kind: 'single', prompt: 'Pick one', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }] };
const base = { passPercent: '60', timeLimitMinutes: '', maxAttempts: '', shuffleQuestions: false, shuffleOptions: false, questions: [single] };

function problems(input: unknown): string[] {
  const parsed = quizSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => englishText(issue.message));
}

describe('quizSchema', () => {
  it('accepts a quiz of each question type, with numbers typed as text', () => {
    const parsed = quizSchema.parse({
      ...base,
      timeLimitMinutes: '15',
      maxAttempts: 3,
      questions: [
        single,
        { id: 'q2', kind: 'multiple', prompt: 'Pick some', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: true }, { id: 'c', text: 'C', correct: false }] },
        { id: 'q3', kind: 'trueFalse', prompt: 'True?', options: [{ id: 'true', text: 'True', correct: false }, { id: 'false', text: 'False', correct: true }] },
        { id: 'q4', kind: 'numeric', prompt: 'How much?', options: [], numeric: { value: '-3.5', tolerance: '0.1' }, explanation: '  ' },
      ],
    });
    expect(parsed).toMatchObject({ passPercent: 60, timeLimitMinutes: 15, maxAttempts: 3 });
    expect(parsed.questions[3]).toMatchObject({ numeric: { value: -3.5, tolerance: 0.1 }, explanation: undefined });
  });

  it.each([
    ['a single choice with two right options', { ...single, options: single.options.map((option) => ({ ...option, correct: true })) }, 'Question 1: mark exactly one option as correct'],
    ['a single choice with one option', { ...single, options: [single.options[0]] }, 'Question 1: add at least two options'],
    ['a multiple choice with no right option', { ...single, kind: 'multiple', options: single.options.map((option) => ({ ...option, correct: false })) }, 'Question 1: mark at least one option as correct'],
    ['a true/false question with other options', { ...single, kind: 'trueFalse' }, 'Question 1: a true/false question has the options True and False'],
    ['a numeric question without its answer', { ...single, kind: 'numeric', options: [] }, 'Question 1: give the answer'],
    ['a numeric answer that is not a number', { ...single, kind: 'numeric', options: [], numeric: { value: 'nine', tolerance: '0' } }, 'Answer must be a number'],
    ['a negative tolerance', { ...single, kind: 'numeric', options: [], numeric: { value: '9', tolerance: '-1' } }, 'Tolerance must be 0 or more'],
    ['an empty question', { ...single, prompt: '  ' }, 'Question is required'],
    ['an empty option', { ...single, options: [{ id: 'a', text: '', correct: true }, single.options[1]] }, 'Option text is required'],
    ['a script image address', { ...single, imageUrl: 'javascript:alert(1)' }, 'Question image must be an uploaded image or an https:// address'],
  ])('refuses %s', (_label, question, message) => {
    expect(problems({ ...base, questions: [question] })).toContain(message);
  });

  it.each([
    ['no questions', { ...base, questions: [] }, 'A quiz needs at least one question'],
    ['a pass mark over 100', { ...base, passPercent: '101' }, 'Pass mark must be a whole percent from 0 to 100'],
    ['a blank pass mark', { ...base, passPercent: '' }, 'Pass mark must be a whole percent from 0 to 100'],
    ['a time limit of 0', { ...base, timeLimitMinutes: '0' }, 'Time limit must be a whole number from 1 to 600'],
    ['half an attempt', { ...base, maxAttempts: '1.5' }, 'Attempts allowed must be a whole number from 1 to 100'],
    ['two questions with one id', { ...base, questions: [single, single] }, 'Two questions share an id; reload the editor'],
  ])('refuses %s', (_label, input, message) => {
    expect(problems(input)).toContain(message);
  });

  it('refuses unknown fields', () => {
    expect(quizSchema.safeParse({ ...base, owner: 'me' }).success).toBe(false);
  });
});

describe('submissionSchema', () => {
  it('takes a list of answers: options chosen or a number', () => {
    const parsed = submissionSchema.parse({ answers: [{ questionId: 'q1', options: ['a'] }, { questionId: 'q2', number: 9.8 }] });
    expect(answersByQuestion(parsed.answers)).toEqual(new Map<string, string[] | number>([['q1', ['a']], ['q2', 9.8]]));
  });

  it.each([
    ['text for a number', { answers: [{ questionId: 'q1', number: '9.8' }] }],
    ['a strange question id', { answers: [{ questionId: 'q 1', options: ['a'] }] }],
    ['a question id that is a special key', { answers: [{ questionId: '__proto__', options: ['a'] }] }],
    ['an object as options', { answers: [{ questionId: 'q1', options: { $gt: '' } }] }],
    ['options and a number', { answers: [{ questionId: 'q1', options: ['a'], number: 1 }] }],
    ['an answers object', { answers: { q1: ['a'] } }],
    ['no answers field', {}],
    ['infinity', { answers: [{ questionId: 'q1', number: Number.POSITIVE_INFINITY }] }],
  ])('refuses %s', (_label, input) => {
    expect(submissionSchema.safeParse(input).success).toBe(false);
  });
});

import { gradeQuiz, learnerQuestion, sortByOrder } from './quiz';
import type { QuizQuestion } from './quiz';

const questions: QuizQuestion[] = [
  { id: 's', kind: 'single', prompt: 'One', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }] },
  { id: 'm', kind: 'multiple', prompt: 'Some', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: true }, { id: 'c', text: 'C', correct: false }] },
  { id: 'n', kind: 'numeric', prompt: 'Number', explanation: 'Because.', options: [], numeric: { value: 2.5, tolerance: 0.1 } },
];

describe('gradeQuiz', () => {
  it('is all or nothing per question: one option for single choice, exactly the right set for multiple, within tolerance for numbers', () => {
    expect(gradeQuiz(questions, new Map(Object.entries({ s: ['a'], m: ['b', 'a'], n: 2.6 }))).results.map((result) => result.correct)).toEqual([true, true, true]);
    expect(gradeQuiz(questions, new Map(Object.entries({ s: ['a', 'b'], m: ['a'], n: 2.61 }))).results.map((result) => result.correct)).toEqual([false, false, false]);
    expect(gradeQuiz(questions, new Map(Object.entries({ m: ['a', 'b', 'c'] }))).results.map((result) => result.correct)).toEqual([false, false, false]);
  });

  it('scores in percent to one decimal and reveals answers and explanations', () => {
    const grade = gradeQuiz(questions, new Map(Object.entries({ s: ['a'] })));
    expect(grade).toMatchObject({ correctCount: 1, questionCount: 3, scorePercent: 33.3 });
    expect(grade.results[1]).toMatchObject({ given: null, correctOptionIds: ['a', 'b'] });
    expect(grade.results[2]).toMatchObject({ numeric: { value: 2.5, tolerance: 0.1 }, explanation: 'Because.' });
  });
});

describe('learnerQuestion', () => {
  it('leaves out the right answers, numeric answers and explanations, in the attempt order', () => {
    expect(learnerQuestion(questions[1]!, ['c', 'a', 'b'])).toEqual({ id: 'm', kind: 'multiple', prompt: 'Some', options: [{ id: 'c', text: 'C' }, { id: 'a', text: 'A' }, { id: 'b', text: 'B' }] });
    expect(learnerQuestion(questions[2]!)).toEqual({ id: 'n', kind: 'numeric', prompt: 'Number', options: [] });
  });

  it('keeps items missing from the order at the end', () => {
    expect(sortByOrder([{ id: 'x' }, { id: 'y' }, { id: 'z' }], ['z', 'x']).map((item) => item.id)).toEqual(['z', 'x', 'y']);
  });
});

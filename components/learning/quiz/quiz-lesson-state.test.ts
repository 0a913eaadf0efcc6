import type { AttemptRecord, AttemptResult, LearnerQuestion, OpenAttempt, QuizState } from '@/lib/quiz';
import { attemptProgress, canStart, draftOf, formSubmitStep, initialState, reducer, remainingSeconds, secondsLeft, submitNowStep, timeIsUp, toAnswers, withAnswer } from './quiz-lesson-state';
import type { QuizLessonAction, QuizLessonState } from './quiz-lesson-state';

// The quiz player's transitions, as the learner and the server drive them: start, answer, warn,
// submit, the server's grade or refusal, and the clock running out.

const question = (id: string): LearnerQuestion => ({ id, kind: 'single', prompt: `Question ${id}`, imageAlt: '', options: [{ id: `${id}-a`, text: 'A' }] });

function openAttempt(overrides: Partial<OpenAttempt> = {}): OpenAttempt {
  return { id: 'attempt-1', number: 1, startedAt: '2030-01-01T10:00:00.000Z', deadlineAt: null, questions: [question('q1'), question('q2'), question('q3')], ...overrides };
}

function record(overrides: Partial<AttemptRecord> = {}): AttemptRecord {
  return { id: 'attempt-0', number: 1, submittedAt: '2030-01-01T09:00:00.000Z', scorePercent: 40, passed: false, late: false, correctCount: 2, questionCount: 5, ...overrides };
}

function graded(overrides: Partial<AttemptResult> = {}): AttemptResult {
  return { ...record({ id: 'attempt-1', scorePercent: 80, passed: true, correctCount: 4 }), passPercent: 70, showAnswers: 'afterEachAttempt', answersShown: true, questions: [], results: [], ...overrides };
}

function quiz(overrides: Partial<QuizState> = {}): QuizState {
  return {
    summary: { questionCount: 3, passPercent: 70, timeLimitMinutes: null, maxAttempts: 3 },
    attemptsStarted: 0,
    attemptsLeft: 3,
    passed: false,
    open: null,
    latest: null,
    history: [],
    ...overrides,
  };
}

const run = (state: QuizLessonState, ...actions: QuizLessonAction[]) => actions.reduce(reducer, state);

describe('initialState', () => {
  it('opens on the attempt the server left open, with its latest grade, nothing busy and no clock yet', () => {
    const attempt = openAttempt();
    const state = initialState(quiz({ open: attempt, attemptsStarted: 1, attemptsLeft: 2 }));
    expect(state.attempt).toBe(attempt);
    expect(state.result).toBeNull();
    expect(state).toMatchObject({ busy: false, error: '', current: 0, confirmUnanswered: false, chosenLayout: null, edited: null, clockOf: null });
    expect(remainingSeconds(state)).toBeNull();
  });
});

describe('starting an attempt', () => {
  it('is busy while the server starts it, then opens it on its first question and counts it', () => {
    const before = { ...initialState(quiz({ latest: graded({ id: 'attempt-0' }) })), current: 2, error: 'old' };
    const requested = reducer(before, { type: 'startRequested' });
    expect(requested).toMatchObject({ busy: true, error: '' });

    const attempt = openAttempt({ number: 2 });
    const started = reducer(requested, { type: 'startAnswered', answer: { ok: true, data: attempt } });
    expect(started.busy).toBe(false);
    expect(started.attempt).toBe(attempt);
    expect(started.result).toBeNull();
    expect(started.current).toBe(0);
    expect(started.quiz).toMatchObject({ attemptsStarted: 2, attemptsLeft: 1 });
  });

  it('never counts fewer attempts than already started, nor leaves fewer than none', () => {
    const state = initialState(quiz({ attemptsStarted: 5, attemptsLeft: 0, summary: { questionCount: 3, passPercent: 70, timeLimitMinutes: null, maxAttempts: 3 } }));
    const started = reducer(state, { type: 'startAnswered', answer: { ok: true, data: openAttempt({ number: 4 }) } });
    expect(started.quiz).toMatchObject({ attemptsStarted: 5, attemptsLeft: 0 });
  });

  it('leaves the allowance unlimited when the quiz has no limit', () => {
    const state = initialState(quiz({ attemptsLeft: null, summary: { questionCount: 3, passPercent: 70, timeLimitMinutes: null, maxAttempts: null } }));
    const started = reducer(state, { type: 'startAnswered', answer: { ok: true, data: openAttempt({ number: 7 }) } });
    expect(started.quiz).toMatchObject({ attemptsStarted: 7, attemptsLeft: null });
  });

  it('shows the server’s refusal and opens nothing, so the learner can try again', () => {
    const refused = run(initialState(quiz()), { type: 'startRequested' }, { type: 'startAnswered', answer: { ok: false, message: 'You have used all 3 attempts at this quiz.' } });
    expect(refused).toMatchObject({ busy: false, error: 'You have used all 3 attempts at this quiz.', attempt: null });
    expect(refused.quiz.attemptsStarted).toBe(0);
    // Trying again clears the message while the server is asked.
    expect(reducer(refused, { type: 'startRequested' })).toMatchObject({ busy: true, error: '' });
  });
});

describe('answering', () => {
  const open = () => initialState(quiz({ open: openAttempt() }));

  it('keeps the answers given in this page for their attempt, over those stored on the device', () => {
    const stored = { q1: ['q1-a'] };
    const state = open();
    expect(draftOf(state, stored)).toBe(stored);
    const answered = reducer(state, { type: 'answered', draft: withAnswer(stored, 'q2', '42') });
    expect(draftOf(answered, stored)).toEqual({ q1: ['q1-a'], q2: '42' });
    // Another attempt's answers are never shown for this one.
    const other = { ...answered, attempt: openAttempt({ id: 'attempt-2' }) };
    expect(draftOf(other, {})).toEqual({});
  });

  it('takes back the unanswered warning once the learner answers again', () => {
    const warned = reducer(open(), { type: 'unansweredWarned' });
    expect(warned.confirmUnanswered).toBe(true);
    expect(reducer(warned, { type: 'answered', draft: { q1: ['q1-a'] } }).confirmUnanswered).toBe(false);
  });

  it('ignores answers when no attempt is open', () => {
    const closed = initialState(quiz());
    expect(reducer(closed, { type: 'answered', draft: { q1: ['q1-a'] } })).toBe(closed);
  });

  it('sends only the questions answered, numbers read in any digits', () => {
    expect(toAnswers({ q1: ['q1-a'], q2: [], q3: ' ৩,৫ ', q4: '', q5: 'abc' })).toEqual([
      { questionId: 'q1', options: ['q1-a'] },
      { questionId: 'q3', number: 3.5 },
    ]);
  });
});

describe('moving through the questions', () => {
  it('shows one question at a time, and its last page submits', () => {
    const attempt = openAttempt();
    const first = attemptProgress(attempt, { q1: ['q1-a'] }, 'one', 0);
    expect(first.shown.map((shown) => shown.id)).toEqual(['q1']);
    expect(first).toMatchObject({ answered: 1, unanswered: 2, last: false });
    expect(formSubmitStep(first, false)).toBe('next');
    expect(attemptProgress(attempt, {}, 'one', 2).last).toBe(true);
    expect(attemptProgress(attempt, {}, 'all', 0)).toMatchObject({ last: true, answered: 0, unanswered: 3 });
    expect(attemptProgress(attempt, {}, 'all', 0).shown).toHaveLength(3);
  });

  it('moves to the question asked for and keeps the layout chosen', () => {
    const state = initialState(quiz({ open: openAttempt() }));
    expect(run(state, { type: 'questionMoved', to: 1 }, { type: 'questionMoved', to: 2 }).current).toBe(2);
    expect(reducer(state, { type: 'layoutChosen', layout: 'one' }).chosenLayout).toBe('one');
  });

  it('warns once about unanswered questions, then submits', () => {
    expect(formSubmitStep({ last: true, unanswered: 2 }, false)).toBe('warn');
    expect(formSubmitStep({ last: true, unanswered: 2 }, true)).toBe('submit');
    expect(formSubmitStep({ last: true, unanswered: 0 }, false)).toBe('submit');
    expect(submitNowStep({ unanswered: 1 }, false)).toBe('warn');
    expect(submitNowStep({ unanswered: 1 }, true)).toBe('submit');
  });
});

describe('submitting', () => {
  const answeredAndWarned = () => run(initialState(quiz({ open: openAttempt(), attemptsStarted: 1, attemptsLeft: 2, history: [record()] })), { type: 'answered', draft: { q1: ['q1-a'] } }, { type: 'unansweredWarned' });

  it('is busy while the server grades, then shows the grade on top of the history and records the pass', () => {
    const requested = reducer(answeredAndWarned(), { type: 'submitRequested' });
    expect(requested).toMatchObject({ busy: true, error: '' });

    const result = graded();
    const done = reducer(requested, { type: 'submitAnswered', answer: { ok: true, data: result } });
    expect(done).toMatchObject({ busy: false, attempt: null, confirmUnanswered: false });
    expect(done.result).toBe(result);
    expect(done.quiz.passed).toBe(true);
    expect(done.quiz.history.map((entry) => entry.id)).toEqual(['attempt-1', 'attempt-0']);
    expect(done.quiz.history[0]).toMatchObject({ id: 'attempt-1', scorePercent: 80, passed: true });
  });

  it('lists a regraded attempt once, and never takes back an earlier pass', () => {
    const state = initialState(quiz({ passed: true, open: openAttempt(), history: [record({ id: 'attempt-1', passed: true })] }));
    const done = reducer(state, { type: 'submitAnswered', answer: { ok: true, data: graded({ passed: false, scorePercent: 10 }) } });
    expect(done.quiz.passed).toBe(true);
    expect(done.quiz.history).toHaveLength(1);
    expect(done.quiz.history[0]).toMatchObject({ id: 'attempt-1', scorePercent: 10 });
  });

  it('keeps the attempt, its answers and the warning when the server refuses or cannot be reached, so it can be sent again', () => {
    const failed = run(answeredAndWarned(), { type: 'submitRequested' }, { type: 'submitAnswered', answer: { ok: false, message: 'You seem to be offline.' } });
    expect(failed).toMatchObject({ busy: false, error: 'You seem to be offline.', confirmUnanswered: true });
    expect(failed.attempt?.id).toBe('attempt-1');
    expect(draftOf(failed, {})).toEqual({ q1: ['q1-a'] });
    expect(failed.quiz.history).toHaveLength(1);

    const retried = reducer(failed, { type: 'submitRequested' });
    expect(retried).toMatchObject({ busy: true, error: '' });
  });

  it('shows a grade that arrives without a new submit (answers sent from the device by another page) without the earlier offline message', () => {
    const waiting = run(answeredAndWarned(), { type: 'submitRequested' }, { type: 'submitAnswered', answer: { ok: false, message: 'You seem to be offline.', transient: true } });
    const done = reducer(waiting, { type: 'submitAnswered', answer: { ok: true, data: graded() } });
    expect(done).toMatchObject({ busy: false, error: '', attempt: null });
    expect(done.result?.id).toBe(graded().id);
  });
});

describe('the clock', () => {
  const deadlineAt = '2030-01-01T10:10:00.000Z';
  const deadline = Date.parse(deadlineAt);

  it('counts the seconds left to the deadline, never below none', () => {
    expect(secondsLeft(deadlineAt, deadline - 90_400)).toBe(90);
    expect(secondsLeft(deadlineAt, deadline + 5_000)).toBe(0);
    expect(secondsLeft(null, deadline)).toBeNull();
  });

  it('shows the open attempt’s clock, never another attempt’s', () => {
    const state = initialState(quiz({ open: openAttempt({ deadlineAt }) }));
    const ticking = reducer(state, { type: 'clockTicked', attemptId: 'attempt-1', seconds: 61 });
    expect(remainingSeconds(ticking)).toBe(61);
    expect(timeIsUp(ticking)).toBe(false);
    const next = reducer(ticking, { type: 'startAnswered', answer: { ok: true, data: openAttempt({ id: 'attempt-2', number: 2, deadlineAt }) } });
    expect(remainingSeconds(next)).toBeNull();
  });

  it('says time is up at 0:00 while the attempt is open, and no longer once it is graded', () => {
    const state = initialState(quiz({ open: openAttempt({ deadlineAt }) }));
    const expired = reducer(state, { type: 'clockTicked', attemptId: 'attempt-1', seconds: 0 });
    expect(timeIsUp(expired)).toBe(true);
    const done = run(expired, { type: 'submitRequested' }, { type: 'submitAnswered', answer: { ok: true, data: graded({ late: true, passed: false }) } });
    expect(timeIsUp(done)).toBe(false);
    expect(done.quiz.history[0]).toMatchObject({ late: true });
  });
});

describe('canStart', () => {
  it('allows an attempt while any are left, or when they are unlimited', () => {
    expect(canStart(quiz({ attemptsLeft: 1 }))).toBe(true);
    expect(canStart(quiz({ attemptsLeft: null }))).toBe(true);
    expect(canStart(quiz({ attemptsLeft: 0 }))).toBe(false);
  });
});

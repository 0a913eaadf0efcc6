'use client';

import { useLocale } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { parseStored, storeOnDevice, useStoredText } from '@/lib/device-storage';
import type { AttemptResult, QuizState } from '@/lib/quiz';
import { OFFLINE_MESSAGE, startAttempt, submitAttempt } from './quiz-api';
import type { Answer } from './quiz-api';
import { draftKey, forgetSubmission, keepSubmission, keptSubmission, onSubmissionGraded, sendKeptSubmissionsOf } from './quiz-outbox';
import { draftOf, initialState, reducer, remainingSeconds, secondsLeft, timeIsUp, toAnswers, withAnswer } from './quiz-lesson-state';
import type { Draft, Layout } from './quiz-lesson-state';

const LAYOUT_KEY = 'kz-quiz-layout';

/**
 * The quiz player's state (./quiz-lesson-state.ts) with what it does outside itself: the device's
 * stored layout and answers, the attempt's clock, and the server's start and submit.
 * `headingRef`: the heading focused after an attempt starts or is graded. `onGraded`: told the
 * quiz's state after a grade, for a copy kept on the device.
 */
export function useQuizLesson({ courseId, lessonId, initial, onGraded }: { courseId: string; lessonId: string; initial: QuizState; onGraded?: (quiz: QuizState) => void }) {
  const locale = useLocale();
  const router = useRouter();
  const [state, dispatch] = useReducer(reducer, initial, initialState);
  const { attempt } = state;
  // The layout the learner chose last time, and the answers of an attempt they reloaded in, until
  // they choose or answer again in this page.
  const storedLayout = useStoredText(LAYOUT_KEY);
  const layout = state.chosenLayout ?? parseStored<Layout>(storedLayout, 'all');
  const storedDraftText = useStoredText(attempt ? draftKey(attempt.id) : null);
  const storedDraft = useMemo(() => parseStored<Draft>(storedDraftText, {}), [storedDraftText]);
  const draft = draftOf(state, storedDraft);
  // From the browser's clock after hydration, so the server's render and the browser's agree.
  const remaining = remainingSeconds(state);
  const expired = timeIsUp(state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitting = useRef(false);

  const graded = useCallback(
    (attemptId: string, answer: Answer<AttemptResult>) => {
      dispatch({ type: 'submitAnswered', answer });
      // A transient failure keeps the answers (and a mark, when offline) to be sent again.
      if (!answer.ok && answer.transient) return;
      forgetSubmission(attemptId);
      if (!answer.ok) return;
      // The outline's tick and the course's percent come from the server.
      router.refresh();
      headingRef.current?.focus();
    },
    [router],
  );

  const submit = useCallback(async () => {
    if (!attempt || submitting.current) return;
    submitting.current = true;
    dispatch({ type: 'submitRequested' });
    const answer = await submitAttempt(attempt.id, toAnswers(draft), locale);
    submitting.current = false;
    // Without a connection the answers wait on the device, marked as submitted: every page sends
    // them once it returns (quiz-outbox.ts), graded on the server's rules (the attempt's clock
    // started online, and a late attempt is marked late).
    if (!answer.ok && answer.message === OFFLINE_MESSAGE) keepSubmission(attempt.id, locale);
    graded(attempt.id, answer);
  }, [attempt, draft, locale, graded]);

  // The answer to a submission sent without this page (or before it was opened) is shown here.
  // Answers still waiting are sent at once when the page opens online (the page's own sender may be
  // sending them already: the server grades once), the player showing them as being submitted.
  useEffect(() => {
    if (!attempt) return;
    const waiting = () => {
      const kept = keptSubmission(attempt.id);
      if (kept && !kept.answer) dispatch({ type: 'submitAnswered', answer: { ok: false, message: OFFLINE_MESSAGE, transient: true } });
    };
    const show = () => {
      const kept = keptSubmission(attempt.id);
      if (kept?.answer) graded(attempt.id, kept.answer);
      else if (kept && navigator.onLine) {
        dispatch({ type: 'submitRequested' });
        void sendKeptSubmissionsOf(attempt.id).then(waiting, waiting);
      } else if (kept) waiting();
    };
    show();
    return onSubmissionGraded((attemptId) => attemptId === attempt.id && show());
  }, [attempt, graded]);

  // A copy of the quiz kept on the device follows its grades.
  const { result, quiz } = state;
  useEffect(() => {
    if (result && result.id !== initial.latest?.id && !attempt) onGraded?.({ ...quiz, open: null, latest: result });
  }, [result, quiz, attempt, initial.latest, onGraded]);

  // The clock shown is the browser's; the server's decides whether the attempt was late.
  useEffect(() => {
    if (!attempt?.deadlineAt) return;
    const tick = () => dispatch({ type: 'clockTicked', attemptId: attempt.id, seconds: secondsLeft(attempt.deadlineAt, Date.now()) ?? 0 });
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [attempt]);
  useEffect(() => {
    // Time running out submits the attempt, from the render that shows 0:00 and holds any answers
    // restored after a reload.
    if (expired) void submit();
  }, [expired, submit]);

  async function start() {
    dispatch({ type: 'startRequested' });
    const answer = await startAttempt(courseId, lessonId, locale);
    dispatch({ type: 'startAnswered', answer });
    if (answer.ok) headingRef.current?.focus();
  }

  function change(questionId: string, value: string[] | string) {
    if (!attempt) return;
    const next = withAnswer(draft, questionId, value);
    storeOnDevice(draftKey(attempt.id), next);
    dispatch({ type: 'answered', draft: next });
  }

  function chooseLayout(next: Layout) {
    dispatch({ type: 'layoutChosen', layout: next });
    storeOnDevice(LAYOUT_KEY, next);
  }

  return {
    state,
    layout,
    draft,
    remaining,
    headingRef,
    start,
    submit,
    change,
    chooseLayout,
    moveTo: (question: number) => dispatch({ type: 'questionMoved', to: question }),
    warnUnanswered: () => dispatch({ type: 'unansweredWarned' }),
  };
}

'use client';

import { useEffect } from 'react';
import { useSession } from '@/components/layout/session-provider';
import { holdsQuizSubmissions, sendQueuedProgress, setProgressLearner } from './save-progress';

/**
 * Names the learner whose progress this device keeps (components/learning/save-progress.ts), and
 * sends what waits for them (and the quiz attempts they submitted offline, ./quiz/quiz-outbox.ts)
 * now and whenever the connection comes back. A lesson page names its
 * learner as the server knows them (`learnerId`), at once; every other page (the layout) as the
 * session says once it is read, so progress kept offline is sent wherever the learner is.
 */
export function ProgressSync({ learnerId }: { learnerId?: string }) {
  const session = useSession();
  const id = learnerId ?? session.data?.user.id ?? null;
  useEffect(() => {
    if (!id) return;
    setProgressLearner(id);
    const send = () => {
      void sendQueuedProgress();
      // Their sender is loaded only on a device that holds some.
      if (holdsQuizSubmissions(id)) void import('./quiz/quiz-outbox').then(({ sendKeptSubmissions }) => sendKeptSubmissions(id));
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [id]);
  return null;
}

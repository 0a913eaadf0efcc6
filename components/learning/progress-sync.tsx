'use client';

import { useEffect } from 'react';
import { useSession } from '@/components/layout/session-provider';
import { sendQueuedProgress, setProgressLearner } from './save-progress';
import { sendKeptSubmissions } from './quiz/quiz-outbox';

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
      void sendKeptSubmissions(id);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [id]);
  return null;
}

'use client';

import { useEffect } from 'react';
import { sendQueuedProgress, setProgressLearner } from './save-progress';

/**
 * On a lesson the learner may save progress in: names them for the progress kept on this device,
 * and sends what waits there now and whenever the connection comes back.
 */
export function ProgressSync({ learnerId }: { learnerId: string }) {
  useEffect(() => {
    setProgressLearner(learnerId);
    const send = () => void sendQueuedProgress();
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [learnerId]);
  return null;
}

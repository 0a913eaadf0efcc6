'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { CheckCircleIcon } from '@/components/ui/icons';
import { saveProgress } from './save-progress';

/** "Mark as complete" under a lesson; once done it says so. */
export function CompleteButton({ courseId, lessonId, completed }: { courseId: string; lessonId: string; completed: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState('');

  if (completed) {
    return (
      <p className="inline-flex items-center gap-2 font-semibold text-emerald-700">
        <CheckCircleIcon className="h-5 w-5" /> Completed
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        className="btn-primary"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            setError('');
            if (await saveProgress({ courseId, lessonId, completed: true })) router.refresh();
            else setError('Your progress could not be saved. Please try again.');
          })
        }
      >
        {pending ? 'Saving…' : 'Mark as complete'}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

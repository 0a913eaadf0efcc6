'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { CheckCircleIcon } from '@/components/ui/icons';
import { saveProgress } from './save-progress';

/** "Mark as complete" under a lesson; once done it says so. */
export function CompleteButton({ courseId, lessonId, completed }: { courseId: string; lessonId: string; completed: boolean }) {
  const t = useTranslations('progress');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);

  if (completed) {
    return (
      <p className="inline-flex items-center gap-2 font-semibold text-emerald-700">
        <CheckCircleIcon className="h-5 w-5" /> {t('completed')}
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
            setFailed(false);
            if (await saveProgress({ courseId, lessonId, completed: true })) router.refresh();
            else setFailed(true);
          })
        }
      >
        {pending ? t('saving') : t('markComplete')}
      </button>
      {failed ? (
        <p role="alert" className="field-error">
          {t('saveFailed')}
        </p>
      ) : null}
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useState, useTransition } from 'react';
import { CheckCircleIcon } from '@/components/ui/icons';
import { COURSE_COMPLETED_ID } from './course-completed-id';
import { saveProgress } from './save-progress';

/** "Mark as complete" under a lesson; once done it says so. Completing the course's last lesson brings its completion panel into view. */
export function CompleteButton({ courseId, lessonId, completed }: { courseId: string; lessonId: string; completed: boolean }) {
  const t = useTranslations('progress');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);
  const [justCompleted, setJustCompleted] = useState(false);
  const [keptOnDevice, setKeptOnDevice] = useState(false);
  useEffect(() => {
    if (!completed || !justCompleted) return;
    const panel = document.getElementById(COURSE_COMPLETED_ID);
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, [completed, justCompleted]);

  if (completed || keptOnDevice) {
    return (
      <div>
        <p className="inline-flex items-center gap-2 font-semibold text-emerald-700">
          <CheckCircleIcon className="h-5 w-5" /> {t('completed')}
        </p>
        {keptOnDevice && !completed ? (
          <p role="status" className="text-sm text-slate-700">
            {t('keptOnDevice')}
          </p>
        ) : null}
      </div>
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
            const outcome = await saveProgress({ courseId, lessonId, completed: true });
            if (outcome === 'saved') {
              setJustCompleted(true);
              router.refresh();
            } else if (outcome === 'queued') setKeptOnDevice(true);
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

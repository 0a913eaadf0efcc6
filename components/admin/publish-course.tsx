'use client';

import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { toast } from 'sonner';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { publishCourseAction } from '@/server/actions/courses';

/**
 * A draft's state on its update screen: seen by admins only, how many lessons it has, and Publish
 * (which needs a lesson; the server checks it again). The screen re-renders from the server after
 * every curriculum change, so the count is the stored one.
 */
export function PublishCourse({ courseId, lessons }: { courseId: string; lessons: number }) {
  const t = useTranslations('courseForm');
  const errorText = useErrorText();
  const router = useRouter();
  const [publishing, startPublishing] = useTransition();

  function publish() {
    startPublishing(async () => {
      const result = await publishCourseAction(courseId);
      if (!result.ok) {
        toast.error(errorText(result.message));
        return;
      }
      toast.success(t('published'));
      router.refresh();
    });
  }

  return (
    <span className="mt-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <span className="block text-sm text-amber-950">
        <strong className="block font-semibold">{t('draftStatus')}</strong>
        <span className="block">{t('draftLessons', { count: lessons })}</span>
        <span className="block">{t('draftHint')}</span>
      </span>
      <button type="button" className="btn-primary shrink-0" disabled={lessons === 0 || publishing} onClick={publish}>
        {publishing ? t('publishing') : t('publish')}
      </button>
    </span>
  );
}

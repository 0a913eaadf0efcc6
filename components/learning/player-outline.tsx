import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { CheckCircleIcon, CircleIcon, LockIcon } from '@/components/ui/icons';
import type { Curriculum } from '@/lib/curriculum';
import { formatNumber } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getDurationText } from './duration-text';
import { LessonKindIcon } from './lesson-kind-icon';
import { ProgressMeter } from './progress-meter';

type PlayerOutlineProps = {
  courseId: string;
  curriculum: Curriculum;
  currentLessonId: string;
  completed: ReadonlySet<string>;
  percent: number;
  /** A buyer or admin opens every lesson; a preview visitor only the free ones. */
  takesWholeCourse: boolean;
};

/** The lesson player's outline: every lesson with its tick, the current one marked, the course's percent. */
export async function PlayerOutline({ courseId, curriculum, currentLessonId, completed, percent, takesWholeCourse }: PlayerOutlineProps) {
  const [t, tLesson, tProgress, durationText, locale] = await Promise.all([
    getTranslations('player'),
    getTranslations('lesson'),
    getTranslations('progress'),
    getDurationText(),
    getLocale(),
  ]);
  return (
    <nav aria-label={t('courseContent')} className="rounded-xl border border-slate-200 bg-white">
      {takesWholeCourse ? (
        <div className="border-b border-slate-200 p-4">
          <p className="mb-2 text-sm font-semibold text-slate-800">{tProgress('yourProgress')}</p>
          <ProgressMeter percent={percent} label={tProgress('courseComplete')} />
        </div>
      ) : null}
      <ol className="max-h-[70vh] overflow-y-auto">
        {curriculum.map((section, sectionIndex) => (
          <li key={section.id}>
            <h2 className="bg-slate-50 px-4 py-2 text-sm font-bold text-brand-900">
              {formatNumber(sectionIndex + 1, locale)}. {section.title}
            </h2>
            <ol>
              {section.lessons.map((lesson) => {
                const isCurrent = lesson.id === currentLessonId;
                const isDone = completed.has(lesson.id);
                const isOpen = takesWholeCourse || lesson.freePreview;
                const body = (
                  <>
                    {isOpen ? (
                      isDone ? (
                        <CheckCircleIcon className="h-4 w-4 shrink-0 text-emerald-600" />
                      ) : (
                        <CircleIcon className="h-4 w-4 shrink-0 text-slate-400" />
                      )
                    ) : (
                      <LockIcon className="h-4 w-4 shrink-0 text-slate-400" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="sr-only">{isDone ? t('completed') : isOpen ? t('notCompleted') : t('locked')}, {tLesson(`kind.${lesson.kind}`)}: </span>
                      {lesson.title}
                    </span>
                    <LessonKindIcon kind={lesson.kind} className="h-3.5 w-3.5 text-slate-500" />
                    {lesson.durationSeconds ? <span className="shrink-0 whitespace-nowrap text-xs tabular-nums text-slate-600">{durationText(lesson.durationSeconds)}</span> : null}
                  </>
                );
                const rowClass = `flex items-center gap-2 border-l-4 px-4 py-2.5 text-sm ${isCurrent ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900' : 'border-transparent text-slate-800'}`;
                return (
                  <li key={lesson.id}>
                    {isOpen ? (
                      // Not prefetched: every lesson of the outline (shown twice, in the sidebar and the drawer)
                      // would be rendered on the server and downloaded on each lesson a learner opens.
                      <Link href={routes.learn(courseId, lesson.id)} prefetch={false} aria-current={isCurrent ? 'page' : undefined} className={`${rowClass} hover:bg-slate-50`}>
                        {body}
                      </Link>
                    ) : (
                      <span className={`${rowClass} text-slate-500`}>{body}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { LockIcon } from '@/components/ui/icons';
import { curriculumIn, curriculumTotals } from '@/lib/curriculum';
import type { Curriculum } from '@/lib/curriculum';
import { formatNumber } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getDurationText } from './duration-text';
import { LessonKindIcon } from './lesson-kind-icon';

/**
 * The course page's outline, the same for every visitor (the page is cached): free previews open
 * in the player for anyone; the other lessons are locked until the course is bought. Titles are
 * in the page's language where translated.
 */
export async function CourseCurriculum({ courseId, curriculum }: { courseId: string; curriculum: Curriculum }) {
  const [t, tLesson, durationText, locale] = await Promise.all([getTranslations('curriculum'), getTranslations('lesson'), getDurationText(), getLocale()]);
  const totals = curriculumTotals(curriculum);
  return (
    <section aria-labelledby="curriculum-heading">
      <h2 id="curriculum-heading" className="mb-1 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        {t('sections', { count: totals.sections })} · {t('lessons', { count: totals.lessons })}
        {totals.seconds > 0 ? ` · ${t('totalLength', { duration: durationText(totals.seconds) })}` : ''}
      </p>
      <ol className="space-y-3">
        {curriculumIn(curriculum, locale).map((section, sectionIndex) => (
          <li key={section.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <h3 className="border-b border-slate-200 bg-slate-50 px-5 py-3 font-bold text-brand-900">
              <span className="mr-2 text-brand-600">{formatNumber(sectionIndex + 1, locale)}.</span>
              {section.title}
            </h3>
            <ol className="divide-y divide-slate-100">
              {section.lessons.map((lesson) => (
                <li key={lesson.id} className="flex items-center gap-3 px-5 py-3 text-sm">
                  <LessonKindIcon kind={lesson.kind} className="h-4 w-4 text-slate-500" />
                  <span className="sr-only">{tLesson(`kind.${lesson.kind}`)}: </span>
                  {lesson.freePreview ? (
                    <Link href={routes.learn(courseId, lesson.id)} className="min-w-0 flex-1 font-medium text-brand-700 underline-offset-2 hover:underline">
                      {lesson.title}
                    </Link>
                  ) : (
                    <span className="min-w-0 flex-1 text-slate-800">{lesson.title}</span>
                  )}
                  {lesson.freePreview ? (
                    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('freePreview')}</span>
                  ) : (
                    <span className="text-slate-500" title={t('lockedTitle')}>
                      <LockIcon className="h-4 w-4" />
                      <span className="sr-only">{t('locked')}</span>
                    </span>
                  )}
                  {lesson.durationSeconds ? <span className="w-20 shrink-0 whitespace-nowrap text-right tabular-nums text-slate-600">{durationText(lesson.durationSeconds)}</span> : <span className="w-20 shrink-0" />}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}

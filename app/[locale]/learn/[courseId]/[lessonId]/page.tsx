import { redirectInLocale } from '@/i18n/server-redirect';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { localizeItem } from '@/lib/translated-content';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { VideoEmbed } from '@/components/catalogue/video-embed';
import { PurchaseConfirmation } from '@/components/checkout/purchase-confirmation';
import { ArticleLesson } from '@/components/learning/article-lesson';
import { CourseCompletion } from '@/components/learning/course-completion';
import { CompleteButton } from '@/components/learning/complete-button';
import { ProgressSync } from '@/components/learning/progress-sync';
import { LessonFileLink } from '@/components/learning/lesson-file-link';
import { OutlineDrawer } from '@/components/learning/outline-drawer';
import { PlayerOutline } from '@/components/learning/player-outline';
import { QuizLesson } from '@/components/learning/quiz/quiz-lesson';
import { VideoLesson } from '@/components/learning/video-lesson';
import { SaveForOffline } from '@/components/offline/save-for-offline';
import { getDurationText } from '@/components/learning/duration-text';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { curriculumIn, lessonIn, neighboursOf, percentComplete } from '@/lib/curriculum';
import type { QuizState } from '@/lib/quiz';
import { loginUrl, routes } from '@/lib/routes';
import { currentUser } from '@/server/accounts/guards';
import { findLearningCourse, findLessonContent, lessonTextIn, openLesson } from '@/server/learning/learning';
import type { Learner, LearningCourse, LessonContent } from '@/server/learning/learning';
import { captionTracksOf, captionTranscriptOf } from '@/server/learning/lesson-video/captions';
import { lessonStreamFor } from '@/server/learning/lesson-video/stream-access';
import { readCourseProgress } from '@/server/learning/progress';
import { readQuizState } from '@/server/learning/quizzes';

type Props = { params: Promise<{ courseId: string; lessonId: string }>; searchParams: Promise<{ welcome?: string | string[] }> };

/** The lesson of this address for this visitor: 404 when unknown, the sales page when locked. */
async function open(params: Props['params']) {
  const { courseId, lessonId } = await params;
  // The visitor and the course are read at once; openLesson finds the course in React's cache.
  const [learner] = await Promise.all([currentUser(), findLearningCourse(courseId)]);
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found') notFound();
  if (opened.status === 'locked') return redirectInLocale(`${routes.courseDetail(opened.course.classCourse, opened.course.id)}#curriculum-heading`);
  // The player speaks the page's language, the course's title and the outline's titles included.
  const locale = await getLocale();
  const course = localizeItem(opened.course, { title: 'title' }, locale);
  return { learner, ...opened, locale, lesson: lessonIn(opened.lesson, locale), course: { ...course, curriculum: curriculumIn(course.curriculum, locale) } };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { course, lesson } = await open(params);
  return { title: `${lesson.title} · ${course.title}`, robots: { index: false } };
}

/** What the player's client components say: the video, the outline drawer, the complete button, the quiz (with the server's messages) and saving for offline. */
const PLAYER_CLIENT_NAMESPACES = ['player', 'progress', 'quiz', 'saved', 'errors'];

async function NoContent() {
  const t = await getTranslations('player');
  return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('noContent')}</p>;
}

/** `lang` for a text in `textLocale` on a page in `pageLocale`: only where they differ (an untranslated text on the Bengali page). */
function langOf(textLocale: string, pageLocale: string): string | undefined {
  return textLocale === pageLocale ? undefined : textLocale;
}

async function LessonBody({ learner, course, lessonId, title, content, startAt, canSave, completed, quiz, locale }: {
  learner: Learner;
  course: LearningCourse;
  lessonId: string;
  title: string;
  content: LessonContent | null;
  startAt: number;
  canSave: boolean;
  completed: boolean;
  /** A quiz lesson's rules, attempt under way and history: never its answers. */
  quiz: QuizState | null;
  locale: string;
}) {
  const t = await getTranslations('player');
  if (!content) return <NoContent />;
  const { article, transcript } = lessonTextIn(content, locale);
  switch (content.kind) {
    case 'quiz':
      return quiz ? (
        <QuizLesson courseId={course.id} lessonId={lessonId} initial={quiz} signedIn={canSave} loginHref={loginUrl(routes.learn(course.id, lessonId))} />
      ) : (
        <NoContent />
      );
    case 'video':
      if (content.video) {
        // Until the upload is transcoded (or for a browser without HLS), the file itself plays.
        const [stream, captionTranscript, languages] = await Promise.all([
          content.stream ? lessonStreamFor(learner, course.id, lessonId) : null,
          captionTranscriptOf(content, course.id, locale),
          getTranslations('languages'),
        ]);
        const shownTranscript = captionTranscript
          ? { content: { kind: 'cues' as const, cues: captionTranscript.cues, download: captionTranscript.download }, lang: langOf(captionTranscript.locale, locale) }
          : transcript
            ? { content: { kind: 'text' as const, text: transcript.text }, lang: langOf(transcript.locale, locale) }
            : null;
        return (
          <VideoLesson
            // A new player for each lesson: nothing of the last one's playback carries over.
            key={lessonId}
            courseId={course.id}
            lessonId={lessonId}
            src={routes.lessonMedia(course.id, lessonId, 'video')}
            type={content.video.contentType}
            title={title}
            startAt={startAt}
            canSave={canSave}
            stream={stream}
            streamRenewal={routes.lessonStream(course.id, lessonId)}
            captions={captionTracksOf(content, course.id, lessonId).map((track) => ({ ...track, label: languages(track.locale) }))}
            transcript={shownTranscript}
          />
        );
      }
      return content.youtubeUrl ? <VideoEmbed url={content.youtubeUrl} title={t('videoTitle', { title })} /> : <NoContent />;
    case 'article':
      return article ? (
        <ArticleLesson courseId={course.id} lessonId={lessonId} html={article.text} lang={langOf(article.locale, locale)} canSave={canSave} completed={completed} />
      ) : (
        <NoContent />
      );
    case 'file':
      return content.file ? <LessonFileLink href={routes.lessonMedia(course.id, lessonId, 'file')} file={content.file} label={t('download')} /> : <NoContent />;
  }
}

export default async function LessonPlayerPage({ params, searchParams }: Props) {
  const { courseId, lessonId } = await params;
  // The content is read alongside the access check and shown only once that has let the visitor in.
  const [{ learner, access, course, lesson, locale }, content] = await Promise.all([open(params), findLessonContent(courseId, lessonId)]);
  const quizContent = content?.kind === 'quiz' && content.quiz && content.quiz.questions.length > 0 ? content.quiz : null;
  const progress = await readCourseProgress(learner, course.id);
  const quiz = quizContent ? await readQuizState(learner, lesson.id, quizContent, progress, locale) : null;
  const takesWholeCourse = access === 'full';
  const canSave = learner !== null;
  const completed = progress.completed.has(lesson.id);
  const { previous, next } = neighboursOf(course.curriculum, lesson.id);
  const salesPage = routes.courseDetail(course.classCourse, course.id);
  const [t, tLesson, durationText] = await Promise.all([getTranslations('player'), getTranslations('lesson'), getDurationText()]);

  return (
    <WithClientMessages namespaces={PLAYER_CLIENT_NAMESPACES}>
      <div className="container-page py-6 lg:py-8">
        <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-slate-700">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link href={takesWholeCourse ? '/myCollection' : salesPage} className="font-semibold text-brand-700 hover:underline">
                {takesWholeCourse ? t('myCollection') : t('coursePage')}
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li aria-current="page">{course.title}</li>
          </ol>
        </nav>

        <PurchaseConfirmation buyer={learner} orderId={(await searchParams).welcome} shownAt="lesson" />

        {access === 'preview' ? (
          <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {t.rich(learner ? 'previewNotice' : 'previewNoticeSignedOut', {
              title: course.title,
              strong: (text) => <strong>{text}</strong>,
              buy: (text) => (
                <Link href={salesPage} className="font-semibold text-brand-700 underline">
                  {text}
                </Link>
              ),
            })}
          </p>
        ) : null}

        {progress.certificateId ? <CourseCompletion certificateId={progress.certificateId} course={course} /> : null}

        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <aside className="lg:order-last">
            <OutlineDrawer key={lesson.id}>
              <PlayerOutline
                courseId={course.id}
                curriculum={course.curriculum}
                currentLessonId={lesson.id}
                completed={progress.completed}
                percent={percentComplete(course.curriculum, progress.completed)}
                takesWholeCourse={takesWholeCourse}
              />
            </OutlineDrawer>
          </aside>

          <article className="min-w-0 space-y-6">
            <header>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
                {tLesson(`kind.${lesson.kind}`)}
                {lesson.durationSeconds ? ` · ${durationText(lesson.durationSeconds)}` : ''}
              </p>
              <h1 className="mt-1 text-2xl font-extrabold leading-tight text-brand-900 sm:text-3xl">{lesson.title}</h1>
            </header>

            <LessonBody
              learner={learner}
              course={course}
              lessonId={lesson.id}
              title={lesson.title}
              content={content}
              startAt={progress.positions.get(lesson.id) ?? 0}
              canSave={canSave}
              completed={completed}
              quiz={quiz}
              locale={locale}
            />

            {/* Saving is for a course the learner takes whole: a free preview plays online. */}
            {learner && takesWholeCourse ? <SaveForOffline courseId={course.id} lessonId={lesson.id} owner={learner.id} /> : null}

            {content?.notes ? <LessonFileLink href={routes.lessonMedia(course.id, lesson.id, 'notes')} file={content.notes} label={t('downloadNotes')} /> : null}

            <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
              {/* A quiz is completed by passing it. */}
              {canSave && lesson.kind !== 'quiz' ? <CompleteButton courseId={course.id} lessonId={lesson.id} completed={completed} /> : <span />}
              {learner ? <ProgressSync learnerId={learner.id} /> : null}
              <div className="flex flex-wrap gap-3">
                {previous ? (
                  <Link href={routes.learn(course.id, previous.id)} className="btn-outline">
                    <span aria-hidden="true">←</span> {t('previous')}<span className="sr-only">: {previous.title}</span>
                  </Link>
                ) : null}
                {next ? (
                  <Link href={routes.learn(course.id, next.id)} className="btn-primary">
                    {t('next')}<span className="sr-only">: {next.title}</span> <span aria-hidden="true">→</span>
                  </Link>
                ) : null}
              </div>
            </div>
          </article>
        </div>
      </div>
    </WithClientMessages>
  );
}

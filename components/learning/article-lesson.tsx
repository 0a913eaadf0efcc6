'use client';

import { useRouter } from '@/i18n/navigation';
import { useEffect, useRef } from 'react';
import { saveProgress } from './save-progress';

/** How long the end of the article must stay on screen before it counts as read. */
const READ_END_MS = 2000;

type ArticleLessonProps = {
  courseId: string;
  lessonId: string;
  html: string;
  /** The article's language where it differs from the page's (an untranslated article on the Bengali page). */
  lang?: string;
  canSave: boolean;
  completed: boolean;
};

/**
 * An article lesson: HTML rendered from Markdown and made safe on the server (server/platform/markdown.ts).
 * Reaching its end, and staying there a moment, completes the lesson.
 */
export function ArticleLesson({ courseId, lessonId, html, lang, canSave, completed }: ArticleLessonProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const router = useRouter();

  useEffect(() => {
    const end = endRef.current;
    if (!end || !canSave || completed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(([entry]) => {
      clearTimeout(timer);
      if (!entry?.isIntersecting) return;
      timer = setTimeout(async () => {
        observer.disconnect();
        if ((await saveProgress({ courseId, lessonId, completed: true })) === 'saved') router.refresh();
      }, READ_END_MS);
    });
    observer.observe(end);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [canSave, completed, courseId, lessonId, router]);

  return (
    <>
      <div className="lesson-article" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      <div ref={endRef} aria-hidden="true" className="h-px" />
    </>
  );
}

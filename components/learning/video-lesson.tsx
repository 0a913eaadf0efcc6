'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useRef } from 'react';
import { saveProgress } from './save-progress';

/** At most one position write every few seconds while playing (plus one on pause and on leaving). */
const SAVE_EVERY_MS = 5000;

type VideoLessonProps = {
  courseId: string;
  lessonId: string;
  src: string;
  type: string;
  title: string;
  /** Where the learner left off, in seconds (0 to start from the beginning). */
  startAt: number;
  /** Whether progress is recorded (signed in and allowed); a signed-out preview only plays. */
  canSave: boolean;
};

/**
 * An uploaded video lesson: resumes where the learner left it, saves the position as it plays,
 * and completes the lesson when it is watched to the end.
 */
export function VideoLesson({ courseId, lessonId, src, type, title, startAt, canSave }: VideoLessonProps) {
  const t = useTranslations('player');
  const videoRef = useRef<HTMLVideoElement>(null);
  const router = useRouter();

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !canSave) return;
    let lastSavedAt = 0;
    let lastSavedPosition = startAt;
    const savePosition = (keepalive = false) => {
      const position = video.currentTime;
      if (!Number.isFinite(position) || Math.abs(position - lastSavedPosition) < 1) return;
      lastSavedAt = Date.now();
      lastSavedPosition = position;
      void saveProgress({ courseId, lessonId, positionSeconds: position }, { keepalive });
    };
    const onTimeUpdate = () => {
      if (!video.paused && Date.now() - lastSavedAt >= SAVE_EVERY_MS) savePosition();
    };
    const onPause = () => {
      if (!video.ended) savePosition();
    };
    const onEnded = async () => {
      lastSavedPosition = video.currentTime;
      if (await saveProgress({ courseId, lessonId, positionSeconds: video.currentTime, completed: true })) router.refresh();
    };
    const onLeave = () => {
      if (document.visibilityState === 'hidden') savePosition(true);
    };
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onLeave);
    window.addEventListener('pagehide', onLeave);
    return () => {
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onLeave);
      window.removeEventListener('pagehide', onLeave);
      // Moving to another lesson inside the app unmounts the player: keep where it was left.
      savePosition(true);
    };
  }, [canSave, courseId, lessonId, router, startAt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || startAt <= 0) return;
    const resume = () => {
      // A video left at its very end starts again from the beginning.
      if (startAt < video.duration - 2) video.currentTime = startAt;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else video.addEventListener('loadedmetadata', resume, { once: true });
    return () => video.removeEventListener('loadedmetadata', resume);
  }, [startAt]);

  return (
    <video ref={videoRef} controls preload="metadata" playsInline aria-label={t('videoTitle', { title })} className="aspect-video w-full rounded-xl bg-black">
      <source src={src} type={type} />
      {t.rich('videoUnsupported', { download: (text) => <a href={src}>{text}</a> })}
    </video>
  );
}

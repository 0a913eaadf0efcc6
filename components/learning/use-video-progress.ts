'use client';

import { useEffect } from 'react';
import type { RefObject } from 'react';
import { saveProgress } from './save-progress';

/** At most one position write every few seconds while playing (plus one on pause and on leaving). */
const SAVE_EVERY_MS = 5000;

type Options = {
  courseId: string;
  lessonId: string;
  /** Where playback started, in seconds: a position equal to it is not worth saving. */
  startAt: number;
  /** Whether progress is recorded (signed in and allowed); a signed-out preview only plays. */
  canSave: boolean;
  /** Told when the end was reached and the server has it (not when it was kept on the device). */
  onCompleted?: () => void;
  /** Told every position saved, for a copy of the lesson kept on the device. */
  onPosition?: (seconds: number) => void;
};

/**
 * Saves where the learner is in a lesson video as it plays, when paused and when the page is left,
 * and completes the lesson at the end (components/learning/save-progress.ts: queued on the device
 * without a connection).
 */
export function useVideoProgress(videoRef: RefObject<HTMLVideoElement | null>, { courseId, lessonId, startAt, canSave, onCompleted, onPosition }: Options): void {
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
      onPosition?.(position);
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
      if ((await saveProgress({ courseId, lessonId, positionSeconds: video.currentTime, completed: true })) === 'saved') onCompleted?.();
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
  }, [videoRef, canSave, courseId, lessonId, startAt, onCompleted, onPosition]);
}

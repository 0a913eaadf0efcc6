'use client';

import { useTranslations } from 'next-intl';
import Hls from 'hls.js/dist/hls.light.mjs';
import { useEffect, useRef } from 'react';
import { WithTranscript } from '@/components/learning/lesson-transcript';
import type { TranscriptContent } from '@/components/learning/lesson-transcript';
import { useVideoProgress } from '@/components/learning/use-video-progress';

type Props = {
  courseId: string;
  lessonId: string;
  title: string;
  /** The saved rung's playlist, answered from the device by the service worker. */
  playlist: string;
  captions: { locale: string; label: string; src: string }[];
  transcript: { content: TranscriptContent; lang?: string } | null;
  startAt: number;
  onPosition: (seconds: number) => void;
};

/**
 * A saved lesson video: the one rung kept on the device, played by hls.js (the browser's own HLS
 * where it has no Media Source Extensions) from the device, seeking anywhere in it; position and
 * completion are saved as online, queued until the connection returns. hls.js is among the Saved
 * screen's own scripts, not loaded when first needed as on the lesson page: the screen must work
 * with no connection, and what is kept for it is the scripts its page names (saved-shell.ts).
 */
export function SavedVideo({ courseId, lessonId, title, playlist, captions, transcript, startAt, onPosition }: Props) {
  const t = useTranslations('player');
  const videoRef = useRef<HTMLVideoElement>(null);
  useVideoProgress(videoRef, { courseId, lessonId, startAt, canSave: true, onPosition });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (Hls.isSupported()) {
      const player = new Hls({ startPosition: startAt, maxBufferLength: 30 });
      player.loadSource(playlist);
      player.attachMedia(video);
      return () => player.destroy();
    }
    video.src = playlist;
    const resume = () => {
      if (startAt > 0 && startAt < video.duration - 2) video.currentTime = startAt;
    };
    video.addEventListener('loadedmetadata', resume, { once: true });
    return () => {
      video.removeEventListener('loadedmetadata', resume);
      video.removeAttribute('src');
    };
  }, [playlist, startAt]);

  const player = (
    <video ref={videoRef} controls preload="metadata" playsInline aria-label={t('videoTitle', { title })} className="aspect-video w-full rounded-xl bg-black">
      {captions.map((track) => (
        <track key={track.locale} kind="subtitles" srcLang={track.locale} label={track.label} src={track.src} />
      ))}
    </video>
  );
  return <WithTranscript player={player} transcript={transcript} videoRef={videoRef} />;
}

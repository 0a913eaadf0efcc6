'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CAPTIONS_OFF, effectiveCaptions, effectiveChoice } from '@/lib/video-quality';
import type { StreamRung } from '@/lib/video-quality';
import { routes } from '@/lib/routes';
import { CaptionsMenu } from './captions-menu';
import { WithTranscript } from './lesson-transcript';
import type { TranscriptContent } from './lesson-transcript';
import { playStream } from './stream-playback';
import { usePlaybackReport } from './use-playback-report';
import { useQualityPreference } from './use-quality-preference';
import { useVideoProgress } from './use-video-progress';
import { VideoQualityControls } from './video-quality-controls';

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
  /** The streaming ladder, once the video is transcoded: a signed master address and its rungs; else the file plays. */
  stream: { id: string; master: string; rungs: StreamRung[]; durationSeconds: number } | null;
  /** Where a new signed address is asked for when the one given expires (routes.lessonStream). */
  streamRenewal: string;
  /** The captions the video has, one per language, named in the page's language. */
  captions: VideoCaptions[];
  /** The transcript shown with the video; `lang` when it is not in the page's language. */
  transcript: { content: TranscriptContent; lang?: string } | null;
};

export type VideoCaptions = { locale: string; label: string; src: string };

async function renewedMaster(address: string): Promise<string | null> {
  try {
    const answer = await fetch(address, { cache: 'no-store' });
    return answer.ok ? ((await answer.json()) as { master: string }).master : null;
  } catch {
    return null;
  }
}

/**
 * An uploaded video lesson: resumes where the learner left it, saves the position as it plays,
 * and completes the lesson when it is watched to the end.
 */
export function VideoLesson({ courseId, lessonId, src, type, title, startAt, canSave, stream, streamRenewal, captions, transcript }: VideoLessonProps) {
  const t = useTranslations('player');
  const videoRef = useRef<HTMLVideoElement>(null);
  const router = useRouter();
  // Known once mounted (it lives on the device); until then nothing streams.
  const [storedPreference, choose] = useQualityPreference();
  // Keyed by the rungs' names, not the props' identity: a page rendered again must not restart playback.
  const rungNames = stream?.rungs.map((rung) => rung.name).join(' ') ?? '';
  const captionLanguages = captions.map((track) => track.locale).join(' ');
  const preference = useMemo(
    () =>
      storedPreference
        ? {
            ...storedPreference,
            choice: effectiveChoice(rungNames.split(' ').map((name) => ({ name })), storedPreference.choice),
            captions: effectiveCaptions(captionLanguages.split(' '), storedPreference.captions),
          }
        : null,
    [storedPreference, rungNames, captionLanguages],
  );
  // What playback depends on: turning captions on or off must not restart it.
  const quality = preference?.choice;
  const dataSaver = preference?.dataSaver;
  const playbackPreference = useMemo(() => (quality === undefined || dataSaver === undefined ? null : { choice: quality, dataSaver }), [quality, dataSaver]);
  const shownCaptions = preference?.captions ?? CAPTIONS_OFF;
  const [speed, setSpeed] = useState(1);
  // The browser plays no HLS at all: the uploaded file instead.
  const [fileOnly, setFileOnly] = useState(stream === null);

  // The page may be rendered again while the video plays (a completed lesson refreshes it), with a
  // new signed address and saved position: the player carries on. Only another ladder (a new
  // upload) or another quality starts it anew, from where the video is.
  const latest = useRef({ stream, startAt, streamRenewal });
  useEffect(() => {
    latest.current = { stream, startAt, streamRenewal };
  });
  const ladder = stream?.id ?? null;
  const meter = usePlaybackReport(videoRef, routes.lessonPlayback(courseId, lessonId), ladder ?? 'file');

  useEffect(() => {
    const video = videoRef.current;
    const { stream: current, startAt: savedAt, streamRenewal: renewal } = latest.current;
    if (!video || !current || !playbackPreference || ladder === null) return;
    let playback: Awaited<ReturnType<typeof playStream>> = null;
    let cancelled = false;
    const restarted = video.currentTime > 0;
    // Another quality picks up where the video is; the wait for it is the learner's choice, not a stall.
    if (restarted) meter.current?.seekStarted(performance.now());
    // A video left at its very end starts again from the beginning.
    const position = restarted ? video.currentTime : savedAt < current.durationSeconds - 2 ? savedAt : 0;
    void playStream(video, current, {
      startAt: position,
      preference: playbackPreference,
      renewMaster: () => renewedMaster(renewal),
      onLevel: (name) => meter.current?.level(name),
      onError: (code) => meter.current?.error(code),
    }).then((started) => {
      if (cancelled) started?.destroy();
      else if (started) {
        playback = started;
        meter.current?.deliveredAs(started.delivery);
      } else setFileOnly(true);
    });
    return () => {
      cancelled = true;
      playback?.destroy();
    };
  }, [ladder, playbackPreference, meter]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = speed;
  }, [speed, playbackPreference]);

  // The chosen captions show; the others stay unloaded.
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) track.mode = track.language === shownCaptions ? 'showing' : 'disabled';
  }, [shownCaptions, captionLanguages]);

  const refresh = useCallback(() => router.refresh(), [router]);
  useVideoProgress(videoRef, { courseId, lessonId, startAt, canSave, onCompleted: refresh });

  useEffect(() => {
    const video = videoRef.current;
    // A stream starts at the position itself (playStream).
    if (!video || startAt <= 0 || !fileOnly) return;
    const resume = () => {
      // A video left at its very end starts again from the beginning.
      if (startAt < video.duration - 2) video.currentTime = startAt;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else video.addEventListener('loadedmetadata', resume, { once: true });
    return () => video.removeEventListener('loadedmetadata', resume);
  }, [startAt, fileOnly]);

  const player = (
    <div>
      <video ref={videoRef} controls preload="metadata" playsInline aria-label={t('videoTitle', { title })} className="aspect-video w-full rounded-xl bg-black">
        {fileOnly ? <source src={src} type={type} /> : null}
        {captions.map((track) => (
          <track key={track.locale} kind="subtitles" srcLang={track.locale} label={track.label} src={track.src} />
        ))}
        {t.rich('videoUnsupported', { download: (text) => <a href={src}>{text}</a> })}
      </video>
      {preference && storedPreference && ((stream && !fileOnly) || captions.length > 0) ? (
        <div className="mt-3 flex flex-wrap items-end gap-x-5 gap-y-3 text-sm text-slate-800">
          {stream && !fileOnly ? <VideoQualityControls rungs={stream.rungs} preference={preference} onPreferenceChange={choose} speed={speed} onSpeedChange={setSpeed} /> : null}
          {captions.length > 0 ? <CaptionsMenu captions={captions} value={shownCaptions} onChange={(next) => choose({ ...storedPreference, captions: next })} /> : null}
        </div>
      ) : null}
    </div>
  );
  return <WithTranscript player={player} transcript={transcript} videoRef={videoRef} />;
}

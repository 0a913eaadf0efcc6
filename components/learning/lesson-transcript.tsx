'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { clockTime } from '@/lib/captions';

/** A transcript made from the video's captions (each line takes the video there), or one the admin wrote. */
/** `download`: the transcript as a text file, where there is one to fetch (not on a saved lesson). */
export type TranscriptContent = { kind: 'cues'; cues: { start: number; text: string }[]; download?: string } | { kind: 'text'; text: string };

/** The last cue started by `time`, or -1 before the first. */
function cueAt(cues: readonly { start: number }[], time: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The lesson's transcript beside or under its video; with captions, the line being spoken is marked. */
export function LessonTranscript({ transcript, lang, videoRef }: { transcript: TranscriptContent; lang?: string; videoRef: RefObject<HTMLVideoElement | null> }) {
  const t = useTranslations('player');
  const [current, setCurrent] = useState(-1);
  const cues = transcript.kind === 'cues' ? transcript.cues : null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !cues) return;
    const follow = () => setCurrent(cueAt(cues, video.currentTime));
    video.addEventListener('timeupdate', follow);
    video.addEventListener('seeked', follow);
    return () => {
      video.removeEventListener('timeupdate', follow);
      video.removeEventListener('seeked', follow);
    };
  }, [cues, videoRef]);

  function playFrom(start: number) {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = start;
    void video.play().catch(() => undefined);
  }

  return (
    <section aria-labelledby="transcript-heading" className="rounded-xl border border-slate-200 bg-white p-4 xl:max-h-[26rem] xl:overflow-y-auto">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="transcript-heading" className="font-bold text-brand-900">
          {t('transcript')}
        </h2>
        {transcript.kind === 'cues' && transcript.download ? (
          <a href={transcript.download} download className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t('downloadTranscript')}
          </a>
        ) : null}
      </div>
      {transcript.kind === 'text' ? (
        <p lang={lang} className="whitespace-pre-line text-sm leading-relaxed text-slate-800">
          {transcript.text}
        </p>
      ) : (
        <ol lang={lang} className="space-y-0.5 text-sm leading-relaxed text-slate-800">
          {transcript.cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <button
                type="button"
                aria-current={index === current ? 'true' : undefined}
                onClick={() => playFrom(cue.start)}
                className="flex w-full gap-2 rounded px-1.5 py-1 text-left hover:bg-brand-50 aria-[current=true]:bg-amber-100"
              >
                <span className="shrink-0 font-semibold tabular-nums text-brand-700">{clockTime(cue.start)}</span>
                <span className="whitespace-pre-line">{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A lesson's video and, when it has one, its transcript beside it (below on a phone). */
export function WithTranscript({ player, transcript, videoRef }: { player: ReactNode; transcript: { content: TranscriptContent; lang?: string } | null; videoRef: RefObject<HTMLVideoElement | null> }) {
  if (!transcript) return player;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      {player}
      <LessonTranscript transcript={transcript.content} lang={transcript.lang} videoRef={videoRef} />
    </div>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { parseStored, readStoredText, storeOnDevice, useStoredText } from '@/lib/device-storage';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';

type Props = { bookId: string; fileUrl: string; name: string };

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
const SKIP_SECONDS = 15;
// Where the listener is gets written at most this often while playing (and at every pause).
const KEEP_EVERY_MS = 5_000;

const positionKey = (bookId: string) => `kz-book-position:${bookId}`;
const SPEED_KEY = 'kz-book-speed';

/**
 * An audiobook's listen page: the browser's player (it streams with Range requests, so listening
 * starts at once and seeking fetches only what it needs), 15-second skips, playback speed, and the
 * place the listener stopped kept on the device so the book resumes there.
 */
export function BookListener({ bookId, fileUrl, name }: Props) {
  const t = useTranslations('bookShelf');
  const locale = useLocale() as FormatLocale;
  const audioRef = useRef<HTMLAudioElement>(null);
  const keptAt = useRef(0);
  const storedSpeed = parseStored<number>(useStoredText(SPEED_KEY), 1);
  const [chosenSpeed, setChosenSpeed] = useState<number | null>(null);
  const speed = chosenSpeed ?? (SPEEDS.includes(storedSpeed as (typeof SPEEDS)[number]) ? storedSpeed : 1);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const resume = () => {
      const position = parseStored<number>(readStoredText(positionKey(bookId)), 0);
      if (position > 0 && position < audio.duration - 5) {
        audio.currentTime = position;
        setResumedAt(position);
      }
    };
    if (audio.readyState >= 1) resume();
    else audio.addEventListener('loadedmetadata', resume, { once: true });
    return () => audio.removeEventListener('loadedmetadata', resume);
  }, [bookId]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // The default rate too: loading the file again would reset the rate to it.
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
  }, [speed]);

  const keepPosition = (force: boolean) => {
    const audio = audioRef.current;
    if (!audio) return;
    const now = Date.now();
    if (!force && now - keptAt.current < KEEP_EVERY_MS) return;
    keptAt.current = now;
    storeOnDevice(positionKey(bookId), audio.ended ? null : Math.floor(audio.currentTime));
  };

  const skip = (seconds: number) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = Math.max(0, audio.currentTime + seconds);
  };

  const chooseSpeed = (next: number) => {
    setChosenSpeed(next);
    storeOnDevice(SPEED_KEY, next);
  };

  return (
    <section aria-label={t('listenLabel', { name })} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {/* Nothing is fetched until play is pressed: opening the page neither spends the learner's data
          nor counts towards the refund rule. The resume point is applied once the file starts. */}
      <audio
        ref={audioRef}
        controls
        preload="none"
        src={fileUrl}
        aria-label={t('listenTo', { name })}
        className="w-full"
        onTimeUpdate={() => keepPosition(false)}
        onPause={() => keepPosition(true)}
        onEnded={() => keepPosition(true)}
      />
      {resumedAt !== null ? (
        <p className="mt-2 text-sm text-slate-700">
          {t('resumedAt', { time: clockTime(resumedAt, locale) })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-outline px-3 py-1" onClick={() => skip(-SKIP_SECONDS)}>
          {t('back15')}
        </button>
        <button type="button" className="btn-outline px-3 py-1" onClick={() => skip(SKIP_SECONDS)}>
          {t('forward15')}
        </button>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          {t('speed')}
          <select value={speed} onChange={(event) => chooseSpeed(Number(event.target.value))} className="rounded-md border border-slate-300 bg-white px-2 py-1">
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {formatNumber(value, locale)}×
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}

function clockTime(seconds: number, locale: FormatLocale): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.floor(seconds % 60);
  return `${formatNumber(minutes, locale)}:${formatNumber(rest, locale, { minimumIntegerDigits: 2 })}`;
}

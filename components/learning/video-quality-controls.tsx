'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { AUDIO_ONLY, DATA_SAVER_MAX_LINES, megabytes, rungForChoice } from '@/lib/video-quality';
import type { QualityPreference, StreamRung } from '@/lib/video-quality';

/** Playback speeds offered: slower for a hard passage, faster for revision. */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

type Props = {
  rungs: StreamRung[];
  preference: QualityPreference;
  onPreferenceChange: (preference: QualityPreference) => void;
  speed: number;
  onSpeedChange: (speed: number) => void;
};

/** The quality menu (Auto, each rung with its size, sound only), the data saver and the speed, in the row under a lesson video. */
export function VideoQualityControls({ rungs, preference, onPreferenceChange, speed, onSpeedChange }: Props) {
  const t = useTranslations('player');
  const locale = useLocale() as FormatLocale;
  const id = useId();
  const size = (bytes: number) => formatNumber(megabytes(bytes), locale);
  const capped = `${formatNumber(DATA_SAVER_MAX_LINES, locale, { useGrouping: false })}p`;
  const chosen = rungForChoice(rungs, preference);
  const nameOf = (rung: StreamRung) => (rung.name === AUDIO_ONLY ? t('qualityAudio') : rung.name);
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-quality`} className="font-semibold">
          {t('quality')}
        </label>
        <select
          id={`${id}-quality`}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          value={preference.choice}
          onChange={(event) => onPreferenceChange({ ...preference, choice: event.target.value })}
        >
          <option value="auto">{preference.dataSaver ? t('qualityAutoCapped', { quality: capped }) : t('qualityAuto')}</option>
          {rungs.map((rung) => (
            <option key={rung.name} value={rung.name}>
              {t('qualityOption', { quality: nameOf(rung), size: size(rung.bytes) })}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 py-1.5">
        <input type="checkbox" className="h-4 w-4" checked={preference.dataSaver} onChange={(event) => onPreferenceChange({ ...preference, dataSaver: event.target.checked })} />
        <span>{t('dataSaver', { quality: capped })}</span>
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-speed`} className="font-semibold">
          {t('speed')}
        </label>
        <select id={`${id}-speed`} className="rounded-md border border-slate-300 bg-white px-2 py-1.5" value={speed} onChange={(event) => onSpeedChange(Number(event.target.value))}>
          {PLAYBACK_SPEEDS.map((option) => (
            <option key={option} value={option}>
              {t('speedOption', { speed: formatNumber(option, locale) })}
            </option>
          ))}
        </select>
      </div>
      {chosen ? (
        <p className="order-last basis-full text-slate-600" aria-live="polite">
          {t('videoSize', { quality: nameOf(chosen), size: size(chosen.bytes) })}
        </p>
      ) : null}
    </>
  );
}

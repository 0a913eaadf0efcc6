'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CAPTIONS_OFF } from '@/lib/video-quality';

/** Which captions show under a lesson video: off, or one of the languages it has them in. */
export function CaptionsMenu({ captions, value, onChange }: { captions: { locale: string; label: string }[]; value: string; onChange: (locale: string) => void }) {
  const t = useTranslations('player');
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t('captions')}
      </label>
      <select id={id} className="rounded-md border border-slate-300 bg-white px-2 py-1.5" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={CAPTIONS_OFF}>{t('captionsOff')}</option>
        {captions.map((track) => (
          <option key={track.locale} value={track.locale}>
            {track.label}
          </option>
        ))}
      </select>
    </div>
  );
}

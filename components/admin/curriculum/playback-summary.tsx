'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import type { PlaybackSummary } from '@/lib/playback-report';

/** How learners' playback of a lesson video went in the last month: sessions, p75 start time, share of time stalled. */
export function PlaybackSummaryLine({ playback }: { playback: PlaybackSummary }) {
  const t = useTranslations('curriculumEditor.playback');
  const locale = useLocale() as FormatLocale;
  const seconds = playback.startP75Ms === null ? null : formatNumber(playback.startP75Ms / 1000, locale, { maximumFractionDigits: 1 });
  const rebuffer = formatNumber(playback.rebufferRatio * 100, locale, { maximumFractionDigits: 1 });
  return (
    <p className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800">
      {t('summary', { sessions: playback.sessions, sessionsText: formatNumber(playback.sessions, locale) })}{' '}
      {seconds === null ? t('neverStarted') : t('start', { seconds })} {t('rebuffering', { percent: rebuffer })}
    </p>
  );
}

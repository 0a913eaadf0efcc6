'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useEffect } from 'react';
import type { VideoStreaming } from '@/lib/curriculum';
import { useErrorText } from '@/i18n/use-error-text';

/** How often the editor looks again while a video is being prepared. */
const CHECK_EVERY_MS = 4000;

/** Where an uploaded video is on its way to streaming; while it is on its way, the page checks again every few seconds. */
export function VideoStreamingStatus({ streaming }: { streaming: VideoStreaming }) {
  const t = useTranslations('curriculumEditor.streaming');
  const errorText = useErrorText();
  const router = useRouter();
  const preparing = streaming.state === 'queued' || streaming.state === 'running';

  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => router.refresh(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [preparing, router]);

  const rungs = streaming.rungs.map((rung) => (rung === 'audio' ? t('audioOnly') : rung)).join(', ');
  const percent = Math.round(streaming.progress * 100);
  return (
    <div role="status" className={`rounded-md border px-3 py-2 text-sm ${streaming.state === 'failed' ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-slate-50 text-slate-800'}`}>
      {streaming.state === 'queued' ? <p>{t('queued')}</p> : null}
      {streaming.state === 'running' ? (
        <>
          <p>{t('running', { percent })}</p>
          <progress className="mt-1 h-2 w-full" max={100} value={percent} aria-label={t('progressLabel')} />
        </>
      ) : null}
      {streaming.state === 'done' ? <p>{t('ready', { rungs })}</p> : null}
      {streaming.state === 'failed' ? <p>{t('failed', { reason: errorText(streaming.reason ?? '') })}</p> : null}
      {preparing && rungs ? <p className="mt-1 text-slate-600">{t('previousPlays', { rungs })}</p> : null}
    </div>
  );
}

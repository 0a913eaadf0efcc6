'use client';

import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { PlaybackMeter } from '@/lib/playback-report';

// Measures each playback of a lesson video and reports it a few times (soon after it starts, every
// couple of minutes while it plays, when it is paused or ends, and when the learner leaves): a
// handful of small requests per playback, never one per segment. Reports are best effort.

/** The first report, this long after the first frame, so the start time arrives even if the tab is closed. */
const FIRST_REPORT_MS = 10_000;
const REPORT_EVERY_MS = 2 * 60_000;

function sessionId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** The meter of the playback under way in `videoRef`; a new one for each `playbackKey` (another ladder). */
export function usePlaybackReport(videoRef: RefObject<HTMLVideoElement | null>, address: string, playbackKey: string): RefObject<PlaybackMeter | null> {
  const meterRef = useRef<PlaybackMeter | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const meter = new PlaybackMeter(sessionId(), 'file');
    meterRef.current = meter;
    let lastSent = '';
    const send = (keepalive = false) => {
      if (!meter.started) return;
      const body = JSON.stringify(meter.report(performance.now()));
      if (body === lastSent) return;
      lastSent = body;
      void fetch(address, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive }).catch(() => undefined);
    };
    let firstReport: ReturnType<typeof setTimeout> | undefined;
    const events: [string, () => void][] = [
      ['play', () => meter.play(performance.now())],
      [
        'playing',
        () => {
          meter.playing(performance.now());
          firstReport ??= setTimeout(() => send(), FIRST_REPORT_MS);
        },
      ],
      ['waiting', () => meter.waiting(performance.now())],
      ['seeking', () => meter.seekStarted(performance.now())],
      ['seeked', () => meter.seekEnded()],
      [
        'pause',
        () => {
          meter.paused(performance.now());
          send();
        },
      ],
      ['error', () => meter.error(`media:${video.error?.code ?? 'unknown'}`)],
    ];
    for (const [name, listener] of events) video.addEventListener(name, listener);
    const periodic = setInterval(() => {
      if (!video.paused) send();
    }, REPORT_EVERY_MS);
    const onLeave = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    document.addEventListener('visibilitychange', onLeave);
    window.addEventListener('pagehide', onLeave);
    return () => {
      for (const [name, listener] of events) video.removeEventListener(name, listener);
      document.removeEventListener('visibilitychange', onLeave);
      window.removeEventListener('pagehide', onLeave);
      clearTimeout(firstReport);
      clearInterval(periodic);
      send(true);
      meterRef.current = null;
    };
  }, [videoRef, address, playbackKey]);

  return meterRef;
}

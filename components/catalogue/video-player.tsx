'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { PlayIcon } from '@/components/ui/icons';

/**
 * A YouTube video that loads only when the visitor presses play. Until then it is a link to the
 * video on YouTube (all it is without JavaScript); pressing it plays the video here instead.
 * Why not the player straight away: YouTube's player is a connection to another host and about a
 * megabyte of scripts, which would slow every course page for the few visitors who watch.
 */
export function VideoPlayer({ embedUrl, watchUrl, title }: { embedUrl: string; watchUrl: string; title: string }) {
  const t = useTranslations('catalogueVideo');
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The play link is gone once the player replaces it: keyboard focus moves on to the player.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  function play(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (Ctrl/Cmd/Shift-click, middle click) still opens YouTube.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setPlaying(true);
  }

  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow-sm">
      {playing ? (
        <iframe
          ref={frame}
          src={`${embedUrl}?autoplay=1`}
          title={title}
          allow="autoplay; accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="h-full w-full border-0"
        />
      ) : (
        <a
          href={watchUrl}
          onClick={play}
          className="group flex h-full w-full flex-col items-center justify-center gap-3 text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-brand-300"
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-600 shadow-lg transition-colors group-hover:bg-red-700">
            <PlayIcon width={28} height={28} />
          </span>
          <span className="text-lg font-semibold">{t('play')}</span>
          <span className="text-sm text-slate-300">{t('fromYouTube')}</span>
        </a>
      )}
    </div>
  );
}

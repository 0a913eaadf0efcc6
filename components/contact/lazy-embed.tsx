'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';

// Third-party frames (maps, social page) cost bandwidth and send the visitor's address to another
// company, so none loads with the page: a plain link is always there, and the frame appears only
// when the visitor asks for it while online.

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
// The server cannot know; the link works either way and the button checks again when pressed.
const isOnlineOnServer = () => true;

type Props = {
  /** Accessible title of the frame. */
  title: string;
  src: string;
  /** Where the plain link goes (the same content on the provider's own site). */
  href: string;
  linkText: string;
  loadText: string;
  height: number;
  /** Only what the embed needs; the social widget needs scripts and popups, the map only scripts. */
  sandbox: string;
};

export function LazyEmbed({ title, src, href, linkText, loadText, height, sandbox }: Props) {
  const t = useTranslations('contact');
  const online = useSyncExternalStore(subscribe, isOnline, isOnlineOnServer);
  const [requested, setRequested] = useState(false);
  const show = requested && online;

  return (
    <div className="flex h-full flex-col gap-3">
      {/* The placeholder stays compact; the frame takes its full height once the visitor asks for it. */}
      <div
        className="flex min-h-44 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
        style={show ? { height } : undefined}
      >
        {show ? (
          <iframe
            title={title}
            src={src}
            width="100%"
            height={height}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox={sandbox}
            className="h-full w-full border-0"
          />
        ) : (
          <div className="flex flex-col items-center gap-3 p-6 text-center">
            {online ? (
              <button type="button" className="btn-outline bg-white" onClick={() => setRequested(true)}>
                {loadText}
              </button>
            ) : (
              <p className="text-sm text-slate-700">{t('youAreOffline')}</p>
            )}
            <p className="max-w-xs text-xs text-slate-600">{t('thirdParty')}</p>
          </div>
        )}
      </div>
      <a href={href} target="_blank" rel="noopener noreferrer" className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4">
        {linkText}
        <span className="sr-only">{t('newTab')}</span>
      </a>
    </div>
  );
}

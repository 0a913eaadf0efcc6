'use client';

import { useEffect, useState } from 'react';

// A thin bar at the top while a followed link's page is on its way. Catalogue pages have no
// route-level loading fallback (it delayed their first paint, see components/catalogue/skeletons.tsx),
// so a slow navigation would otherwise show nothing until the next page arrives.

const SHOW_AFTER_MS = 150;
const GIVE_UP_AFTER_MS = 15_000;
const CHECK_EVERY_MS = 100;

/** The same-origin page a plain click on a link goes to (null: a new tab, a download, another site, this page). */
function navigationTarget(event: MouseEvent): URL | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  // Same page, or only the #fragment changes: nothing to wait for.
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url;
}

export function NavigationProgress() {
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let showTimer: ReturnType<typeof setTimeout> | undefined;
    let watch: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearTimeout(showTimer);
      clearInterval(watch);
      setPending(false);
    };
    const track = (target: URL) => {
      stop();
      const startedAt = Date.now();
      showTimer = setTimeout(() => setPending(true), SHOW_AFTER_MS);
      watch = setInterval(() => {
        const arrived = location.pathname === target.pathname && location.search === target.search;
        if (arrived || Date.now() - startedAt > GIVE_UP_AFTER_MS) stop();
      }, CHECK_EVERY_MS);
    };
    const onClick = (event: MouseEvent) => {
      const target = navigationTarget(event);
      if (!target) return;
      // Once every handler ran: Next's <Link> prevents the browser's own navigation when it takes
      // over. Without that the browser loads the page itself and shows its own progress.
      setTimeout(() => {
        if (event.defaultPrevented) track(target);
      }, 0);
    };
    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('popstate', stop);
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('popstate', stop);
      stop();
    };
  }, []);

  if (!pending) return null;
  return (
    <>
      <div aria-hidden="true" className="navigation-progress fixed inset-x-0 top-0 z-[60] h-1 bg-brand-500" />
      <p role="status" className="sr-only">
        Loading the page…
      </p>
    </>
  );
}

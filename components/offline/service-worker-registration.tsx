'use client';

import { useEffect } from 'react';

/** Where the service worker is served (app/serwist/[path]/route.ts). */
const SERVICE_WORKER_URL = '/serwist/sw.js';

/**
 * Registers the service worker (offline/service-worker.ts) for the whole site, once the page has
 * loaded, in production builds. A few lines rather than @serwist/window's provider: that adds about
 * 7 kB to every page, and its cache-on-navigation would keep signed-in pages on a shared phone.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', type: 'module' }).catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, []);
  return null;
}

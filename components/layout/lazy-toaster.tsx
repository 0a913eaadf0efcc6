'use client';

import dynamic from 'next/dynamic';

// Toasts only follow user actions, so their code loads after the page is interactive instead of
// weighing on every page's first load.
const Toaster = dynamic(() => import('sonner').then((module) => module.Toaster), { ssr: false });

export function LazyToaster() {
  return <Toaster position="top-right" duration={5000} richColors closeButton />;
}

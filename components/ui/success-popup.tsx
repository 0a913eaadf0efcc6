'use client';

import { useEffect } from 'react';

/** docs/product.md §9: success popups last 1500 ms. */
export const SUCCESS_POPUP_MS = 1500;

/** A centred confirmation that announces itself and calls `onDone` after SUCCESS_POPUP_MS. */
export function SuccessPopup({ message, onDone }: { message: string; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4">
      <div role="status" className="flex flex-col items-center gap-3 rounded-2xl bg-white px-8 py-6 text-center shadow-2xl ring-1 ring-slate-200">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700" aria-hidden>
          <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </span>
        <p className="text-lg font-semibold text-slate-900">{message}</p>
      </div>
    </div>
  );
}

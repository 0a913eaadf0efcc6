'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { QUALITY_STORAGE_KEY, parsePreference } from '@/lib/video-quality';
import type { QualityPreference } from '@/lib/video-quality';

// The learner's video quality choice, kept on the device and shared by every player on it (another
// tab's change arrives through the storage event). Unknown while the page is rendered on the server.

/** Phones get the data saver by default: a small screen, or one made for touch. */
const PHONE_QUERY = '(max-width: 640px), (pointer: coarse)';

const listeners = new Set<() => void>();

/** A choice the device refused to store (private mode, storage full): kept for this page instead. */
let unstored: string | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function stored(): string | null {
  try {
    return unstored ?? window.localStorage.getItem(QUALITY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A string, so an unchanged choice is the same snapshot. */
function snapshot(): string {
  return `${window.matchMedia(PHONE_QUERY).matches ? 'phone' : 'other'}|${stored() ?? ''}`;
}

export function useQualityPreference(): [QualityPreference | null, (next: QualityPreference) => void] {
  const current = useSyncExternalStore(subscribe, snapshot, () => null);
  // One object per stored value, so what depends on it changes only when the choice does.
  const preference = useMemo(() => (current === null ? null : parsePreference(current.slice(current.indexOf('|') + 1) || null, current.startsWith('phone'))), [current]);
  const choose = useCallback((next: QualityPreference) => {
    try {
      window.localStorage.setItem(QUALITY_STORAGE_KEY, JSON.stringify(next));
      unstored = null;
    } catch {
      unstored = JSON.stringify(next);
    }
    for (const listener of listeners) listener();
  }, []);
  return [preference, choose];
}

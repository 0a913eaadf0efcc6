// What a page keeps on the learner's device (localStorage): a quiz's draft answers, where a book
// was left. Private browsing or a full quota only means nothing is kept across a reload.

import { useSyncExternalStore } from 'react';

export function readStoredText(key: string | null): string | null {
  if (key === null) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function parseStored<T>(stored: string | null, fallback: T): T {
  try {
    return stored ? (JSON.parse(stored) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` as JSON under `key`; null removes it. */
export function storeOnDevice(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept; the page still works.
  }
}

const subscribeToNothing = () => () => {};

/**
 * What this device keeps under a key, as text: null while the server renders and while React
 * hydrates (so both renders agree), the stored text from the first browser render on. The component
 * that writes a key keeps what it writes in its own state too.
 */
export function useStoredText(key: string | null): string | null {
  return useSyncExternalStore(subscribeToNothing, () => readStoredText(key), () => null);
}

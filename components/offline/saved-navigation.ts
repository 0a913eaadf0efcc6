'use client';

import type { MouseEvent } from 'react';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { savedScreenPath } from '@/offline/saved-addresses';

/** What the Saved screen shows: the list, a saved lesson (`{course}/{lesson}`) or a saved book. */
export type SavedView = { lesson: string } | { book: string } | Record<string, never>;

/** The Saved screen's address showing `view`, in `locale`. */
export function savedAddress(locale: string, view: SavedView): string {
  const query = new URLSearchParams(view as Record<string, string>).toString();
  return `${savedScreenPath(locale === DEFAULT_LOCALE ? '' : locale)}${query ? `?${query}` : ''}`;
}

/**
 * Moves within the Saved screen without asking the server for anything (it may be unreachable):
 * the address changes in place and the screen reads it. A click meant for a new tab goes as it is.
 */
export function openSavedItem(event: MouseEvent<HTMLAnchorElement>, view: SavedView): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const query = new URLSearchParams(view as Record<string, string>).toString();
  window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  window.scrollTo(0, 0);
}

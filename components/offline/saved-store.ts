// What this device keeps for learning without a connection: every file in one Cache Storage cache,
// at addresses under /saved-media/{owner}/… that the service worker answers from it (with Range,
// offline/service-worker.ts), and an index of the saved items beside them. The index names the
// account that saved them: one account's saved content is never shown to another (a shared phone),
// and signing out removes it (saved-content-keeper.tsx). Nothing kept here is a token: a saved file
// opens for nobody beyond this device, and no address here works on the server.

import type { LessonKind } from '@/lib/curriculum';
import { SAVED_CACHE, SAVED_MEDIA } from '@/offline/saved-addresses';

const INDEX_KEY = `${SAVED_MEDIA}/index.json`;

/** `saving`: under way in an open page; `paused`: stopped (connection lost, page closed) and resumed later; `failed`: refused by the server. */
export type SavedStatus = 'saving' | 'paused' | 'saved' | 'failed';

type ItemProgress = {
  status: SavedStatus;
  /** What the item weighs once saved (what was announced before saving, then what was stored). */
  bytes: number;
  /** Stored so far. */
  doneBytes: number;
  savedAt: string;
  /** Why it failed: an error code of the server's, or `storageFull`. */
  error?: string;
};

export type SavedLessonItem = ItemProgress & {
  kind: 'lesson';
  id: string;
  courseId: string;
  courseTitle: string;
  lessonId: string;
  title: string;
  lessonKind: LessonKind;
  /** Its place in the course's outline, for listing and for Next. */
  order: number;
  /** The video's rung (`audio`, `240p`, `360p`); null for a lesson without video. */
  quality: string | null;
  locale: string;
};

export type SavedBookItem = ItemProgress & { kind: 'book'; id: string; bookId: string; title: string; format: 'pdf' | 'mp3'; contentType: string };

export type SavedItem = SavedLessonItem | SavedBookItem;

export type SavedIndex = { owner: string; items: SavedItem[] };

export const lessonItemId = (courseId: string, lessonId: string) => `lesson:${courseId}:${lessonId}`;
export const bookItemId = (bookId: string) => `book:${bookId}`;

/** Where an account's saved lesson keeps its files. */
export function lessonFolder(owner: string, courseId: string, lessonId: string): string {
  return `${SAVED_MEDIA}/${owner}/courses/${courseId}/${lessonId}`;
}

/** Where a saved lesson's own record is kept: its words, and where its parts are (saved-downloads.ts). */
export function lessonRecord(owner: string, courseId: string, lessonId: string): string {
  return `${lessonFolder(owner, courseId, lessonId)}/lesson.json`;
}

export function bookFolder(owner: string, bookId: string): string {
  return `${SAVED_MEDIA}/${owner}/books/${bookId}`;
}

/** Whether this browser can keep anything (Cache Storage needs a secure context: https, or localhost). */
export function canSave(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && window.isSecureContext;
}

export function openSaved(): Promise<Cache> {
  return caches.open(SAVED_CACHE);
}

export async function readIndex(): Promise<SavedIndex | null> {
  if (!canSave()) return null;
  try {
    const stored = await (await openSaved()).match(INDEX_KEY);
    const index = stored ? ((await stored.json()) as SavedIndex) : null;
    return index && typeof index.owner === 'string' && Array.isArray(index.items) ? index : null;
  } catch {
    return null;
  }
}

/** Changes to the index, told to this page's listeners and to the site's other tabs. */
const CHANGED = 'kz-saved-changed';
let channel: BroadcastChannel | null | undefined;

/** The channel to the other tabs, opened on first use in a browser (an open one keeps a process alive). */
function otherTabs(): BroadcastChannel | null {
  channel ??= typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANGED);
  return channel;
}

export function onSavedChange(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  otherTabs()?.addEventListener('message', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    otherTabs()?.removeEventListener('message', listener);
  };
}

function announce(): void {
  window.dispatchEvent(new Event(CHANGED));
  otherTabs()?.postMessage('changed');
}

let writing: Promise<unknown> = Promise.resolve();

/**
 * Changes `owner`'s index, one change at a time in this page. An index of another account is
 * replaced, with its files: the device keeps one account's saved content.
 */
export function updateIndex(owner: string, change: (items: SavedItem[]) => SavedItem[]): Promise<SavedItem[]> {
  const next = writing.then(async () => {
    const cache = await openSaved();
    const index = await readIndex();
    if (index && index.owner !== owner) await removeFiles(cache, index.owner);
    const items = change(index?.owner === owner ? index.items : []);
    await cache.put(INDEX_KEY, new Response(JSON.stringify({ owner, items } satisfies SavedIndex), { headers: { 'Content-Type': 'application/json' } }));
    announce();
    return items;
  });
  writing = next.catch(() => undefined);
  return next;
}

/** Adds or changes one item. */
export function putItem(owner: string, item: SavedItem): Promise<SavedItem[]> {
  return updateIndex(owner, (items) => [...items.filter((kept) => kept.id !== item.id), item]);
}

/** Changes one item, when it is still there (a removal meanwhile wins). */
export function patchItem(owner: string, id: string, patch: Partial<ItemProgress>): Promise<SavedItem[]> {
  return updateIndex(owner, (items) => items.map((item) => (item.id === id ? ({ ...item, ...patch } as SavedItem) : item)));
}

async function removeFiles(cache: Cache, owner: string, folder = `${SAVED_MEDIA}/${owner}/`): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.filter((request) => new URL(request.url).pathname.startsWith(folder)).map((request) => cache.delete(request)));
}

export function folderOf(owner: string, item: SavedItem): string {
  return `${item.kind === 'lesson' ? lessonFolder(owner, item.courseId, item.lessonId) : bookFolder(owner, item.bookId)}/`;
}

/** Removes items and their files. */
export async function removeItems(owner: string, ids: readonly string[]): Promise<void> {
  const cache = await openSaved();
  const removed: SavedItem[] = [];
  await updateIndex(owner, (items) => items.filter((item) => (ids.includes(item.id) ? (removed.push(item), false) : true)));
  for (const item of removed) await removeFiles(cache, owner, folderOf(owner, item));
}

/**
 * Deletes the files no saved item names: those of an item whose page closed after the index forgot
 * it but before its files went (removeItems), or written by a save that went on after its item was
 * removed. The files are listed before the index is read, and a save lists its item before it writes
 * a file, so the file of an item being saved is never taken for one of these.
 */
export async function sweepUnlistedFiles(owner: string): Promise<void> {
  const cache = await openSaved();
  const files = await cache.keys();
  const index = await readIndex();
  if (!index || index.owner !== owner) return;
  const folders = index.items.map((item) => folderOf(owner, item));
  const unlisted = files.filter((request) => {
    const address = new URL(request.url).pathname;
    return address !== INDEX_KEY && !folders.some((folder) => address.startsWith(folder));
  });
  await Promise.all(unlisted.map((request) => cache.delete(request)));
}

/** Removes everything saved on this device (signing out, another account). */
export async function removeAllSaved(): Promise<void> {
  if (!canSave()) return;
  await (writing = writing.then(() => caches.delete(SAVED_CACHE)).catch(() => undefined));
  announce();
}

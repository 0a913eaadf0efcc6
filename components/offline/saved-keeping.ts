// What SavedContentKeeper (saved-content-keeper.tsx) does on a device that has saved something,
// loaded only there.

import { resumeSaves } from './saved-downloads';
import { keepSavedShell } from './saved-shell';
import { readIndex, removeAllSaved, removeItems, sweepUnlistedFiles } from './saved-store';

/** How often a page asks the server whether the saved courses and books are still the learner's. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
const CHECKED_AT = 'kz-saved-checked-at';

/** The signed-in account's id as the server says it now; null when signed out; undefined when it could not be asked. */
async function signedInAs(): Promise<string | null | undefined> {
  try {
    const answer = await fetch('/api/auth/session', { cache: 'no-store' });
    if (!answer.ok) return undefined;
    const session = (await answer.json()) as { user?: { id?: string } } | null;
    return session?.user?.id ?? null;
  } catch {
    return undefined;
  }
}

/** Of what this device holds, what the server says is still the learner's; null when it could not be asked. */
async function stillTheirs(courses: string[], books: string[]): Promise<{ courses: string[]; books: string[] } | null> {
  try {
    const answer = await fetch('/api/offline/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ courses, books }), cache: 'no-store' });
    return answer.ok ? ((await answer.json()) as { courses: string[]; books: string[] }) : null;
  } catch {
    return null;
  }
}

export async function keepHonest(localePrefix: string): Promise<void> {
  const index = await readIndex();
  if (!index || !navigator.onLine) return;
  const user = await signedInAs();
  // Only on the server's word: a page that could not ask keeps everything.
  if (user === undefined) return;
  // Signed out, or another account on a shared phone: what was saved goes with its account.
  if (user !== index.owner) return removeAllSaved();
  const last = Number(sessionStorage.getItem(CHECKED_AT) ?? 0);
  if (Date.now() - last < CHECK_EVERY_MS) return void resumeSaves(index.owner);
  const courses = [...new Set(index.items.flatMap((item) => (item.kind === 'lesson' ? [item.courseId] : [])))];
  const books = index.items.flatMap((item) => (item.kind === 'book' ? [item.bookId] : []));
  const kept = await stillTheirs(courses, books);
  if (!kept) return;
  sessionStorage.setItem(CHECKED_AT, String(Date.now()));
  // A refund (or a course taken down) ends what was saved of it.
  const gone = index.items.filter((item) => (item.kind === 'lesson' ? !kept.courses.includes(item.courseId) : !kept.books.includes(item.bookId)));
  if (gone.length > 0) await removeItems(index.owner, gone.map((item) => item.id));
  await keepSavedShell(localePrefix).catch(() => undefined);
  void resumeSaves(index.owner);
  // Last: the Saved screen is kept for offline first.
  await sweepUnlistedFiles(index.owner).catch(() => undefined);
}

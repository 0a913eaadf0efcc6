import { safeReturnPath } from '@/lib/schemas/auth';

/**
 * A full load of the return address after signing in (replacing the form in history), so the page
 * starts with the new session. Checked again here and made absolute on this origin: whatever the
 * address says, the browser stays on this site.
 */
export function replaceWithReturnPath(returnTo: string): void {
  const origin = window.location.origin;
  window.location.replace(new URL(safeReturnPath(returnTo, origin), origin).href);
}

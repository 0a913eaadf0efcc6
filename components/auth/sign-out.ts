import { signOut } from 'next-auth/react';
import { localePath, splitLocale } from '@/i18n/routing';
import { sameSitePath } from '@/lib/schemas/auth';

/**
 * Signs this browser out, then loads `path` (an English site path: '/', '/login') in the language
 * of the page the browser is on, on the origin the browser is on. Auth.js's answer to a sign-out
 * is an absolute address built on the request's host as the server saw it (Next turns a loopback
 * host into "localhost"), so following it could land on another host than the one in the address
 * bar, where this browser has no cookies; a path of our own cannot.
 */
export async function signOutTo(path: string): Promise<void> {
  // Read before leaving: the page's address names its language (`/bn/...`).
  const { locale } = splitLocale(window.location.pathname);
  // The old client kept its API token here (docs/product.md §4 Logout removes it).
  localStorage.removeItem('accessToken');
  await signOut({ redirect: false });
  window.location.assign(sameSitePath(localePath(locale, path), window.location.origin));
}

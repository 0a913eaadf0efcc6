'use client';

import type { Session } from 'next-auth';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

// The session is read in the browser so catalogue pages stay static and cacheable. This is the
// part of next-auth/react's SessionProvider the site uses (read once, update on demand), in a
// fraction of its size: it is on every page's first load. Sign-in and sign-out reload the page,
// so there is nothing to poll or broadcast.

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SessionState = {
  data: Session | null;
  status: SessionStatus;
  /** With data, asks Auth.js to re-issue the token (it re-reads the user from the database). */
  update: (data?: Record<string, unknown>) => Promise<Session | null>;
};

const SESSION_URL = '/api/auth/session';

function asSession(body: unknown): Session | null {
  return body && typeof body === 'object' && 'user' in body && body.user ? (body as Session) : null;
}

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', ...init, headers: { 'Content-Type': 'application/json', ...init?.headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function readSession(): Promise<Session | null> {
  return asSession(await fetchJson(SESSION_URL));
}

async function updateSession(data: Record<string, unknown>): Promise<Session | null> {
  const csrf = await fetchJson('/api/auth/csrf');
  const csrfToken = csrf && typeof csrf === 'object' && 'csrfToken' in csrf ? String(csrf.csrfToken) : '';
  return asSession(await fetchJson(SESSION_URL, { method: 'POST', body: JSON.stringify({ csrfToken, data }) }));
}

// The session lives in a small store outside React, read with useSyncExternalStore, not in a
// context whose value changes. Why: when the session arrives, a context change above a streamed
// Suspense boundary that React has not revealed yet (React 19.2 holds reveals for up to 300 ms)
// makes React render that boundary again in the browser and leaves the server's hidden copy behind
// (My Collection showed its table twice). A store update only re-renders the components that read it.
type Snapshot = { data: Session | null; loading: boolean };

const INITIAL: Snapshot = { data: null, loading: true };
let snapshot: Snapshot = INITIAL;
const listeners = new Set<() => void>();

function setSnapshot(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;
// The server renders everyone as "loading"; hydration starts from the same state.
const getServerSnapshot = () => INITIAL;

async function update(data?: Record<string, unknown>): Promise<Session | null> {
  const next = await (data === undefined ? readSession() : updateSession(data)).catch(() => null);
  if (next) setSnapshot({ data: next, loading: false });
  return next;
}

/** Reads the session once when the app starts in the browser. */
export function AppSessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    let current = true;
    // No answer at all (offline, on the Saved screen say): who is signed in stays unknown until
    // the connection returns, and is read then, rather than offering "Login" to a signed-in learner.
    const read = () =>
      void readSession().then(
        (value) => current && setSnapshot({ data: value, loading: false }),
        (error: unknown) => current && !(error instanceof TypeError) && setSnapshot({ data: null, loading: false }),
      );
    read();
    window.addEventListener('online', read);
    return () => {
      current = false;
      window.removeEventListener('online', read);
    };
  }, []);
  return children;
}

/** The signed-in user's session as the browser knows it (the server re-checks everything). */
export function useSession(): SessionState {
  const { data, loading } = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return useMemo(() => ({ data, status: loading ? 'loading' : data ? 'authenticated' : 'unauthenticated', update }), [data, loading]);
}

'use client';

import type { Session } from 'next-auth';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
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

const SessionContext = createContext<SessionState | null>(null);

export function AppSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    readSession()
      .catch(() => null)
      .then((value) => {
        if (!current) return;
        setSession(value);
        setLoading(false);
      });
    return () => {
      current = false;
    };
  }, []);

  const value = useMemo<SessionState>(
    () => ({
      data: session,
      status: loading ? 'loading' : session ? 'authenticated' : 'unauthenticated',
      async update(data) {
        const next = await (data === undefined ? readSession() : updateSession(data)).catch(() => null);
        if (next) setSession(next);
        return next;
      },
    }),
    [session, loading],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in user's session as the browser knows it (the server re-checks everything). */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside AppSessionProvider');
  return state;
}

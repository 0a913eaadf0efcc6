'use client';

import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';

/** The session is read in the browser so catalogue pages stay static and cacheable. */
export function AppSessionProvider({ children }: { children: ReactNode }) {
  return <SessionProvider refetchOnWindowFocus={false}>{children}</SessionProvider>;
}

import type { DefaultSession } from 'next-auth';
import type { Role } from '@/lib/permissions';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: Role; isEmailVerified: boolean; sessionVersion: number } & DefaultSession['user'];
  }
  interface User {
    role?: Role;
    sessionVersion?: number;
    /** Handed by a credentials sign-in's authorize (server/accounts/auth.ts). */
    isEmailVerified?: boolean;
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: Role;
    emailVerified?: boolean;
    sessionVersion?: number;
    /** This session's own id (server/accounts/sessions.ts), given at sign-in. */
    sid?: string;
  }
}

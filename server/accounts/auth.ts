import 'server-only';
import NextAuth, { CredentialsSignin } from 'next-auth';
import type { NextAuthConfig, User as NextAuthUser } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import Google from 'next-auth/providers/google';
import { loginSchema, sameSitePath } from '@/lib/schemas/auth';
import { env, googleEnabled, siteUrl } from '../platform/env';
import { clientIp, passwordSignIn } from './login-attempts';
import { accountOfSession, endSession, newSessionId } from './sessions';
import { accountForTicket } from './phone-sign-in';
import { findUserByEmail, signInWithGoogle } from './users';
import type { User } from './users';
import type { Role } from '../platform/documents';

export class InvalidCredentials extends CredentialsSignin {
  code = 'invalid_credentials';
}

export class TooManyAttempts extends CredentialsSignin {
  code = 'too_many_attempts';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

async function authorizeWithPassword(raw: unknown, request: Request) {
  const parsed = loginSchema.safeParse(raw && typeof raw === 'object' ? pickCredentials(raw) : raw);
  if (!parsed.success) throw new InvalidCredentials();
  const { email, password } = parsed.data;
  // The limits, waits and the owner's warning live in the domain (server/accounts/login-attempts.ts).
  const outcome = await passwordSignIn(email, password, clientIp(request.headers));
  if (!outcome.ok) throw outcome.reason === 'blocked' ? new TooManyAttempts(outcome.retryAfterSeconds) : new InvalidCredentials();
  return sessionUser(outcome.user);
}

/**
 * What a credentials sign-in hands the jwt callback: the account as authorize just read it, so the
 * token is made without reading it again.
 */
function sessionUser(user: User) {
  return { id: user.id, email: user.email, name: user.name, image: user.image, role: user.role, sessionVersion: user.sessionVersion, isEmailVerified: user.emailVerified };
}

/** Auth.js passes the whole form body (callbackUrl, csrfToken…); only the two fields are credentials. */
function pickCredentials(body: object): { email?: unknown; password?: unknown } {
  const { email, password } = body as { email?: unknown; password?: unknown };
  return { email, password };
}

/** A mobile number proved by its SMS code (server/accounts/phone-sign-in.ts): the ticket is checked and spent here. */
async function authorizeWithPhoneTicket(raw: unknown) {
  const user = await accountForTicket(raw && typeof raw === 'object' ? (raw as { ticket?: unknown }).ticket : undefined);
  if (!user) throw new InvalidCredentials();
  return sessionUser(user);
}

/** The account a credentials authorize handed over (sessionUser), or null when it is not one. */
function signedInAccount(user: NextAuthUser) {
  const { id, name, email, image, role, sessionVersion, isEmailVerified } = user;
  if (!id || !name || !role || sessionVersion === undefined) return null;
  return { id, name, email: email ?? null, image: image ?? null, role, sessionVersion, emailVerified: isEmailVerified === true };
}

function providers(): NextAuthConfig['providers'] {
  const list: NextAuthConfig['providers'] = [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      authorize: authorizeWithPassword,
    }),
    Credentials({ id: 'phone', name: 'Mobile number', credentials: { ticket: { type: 'text' } }, authorize: authorizeWithPhoneTicket }),
  ];
  if (googleEnabled()) {
    const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER } = env();
    list.push(
      Google({
        clientId: GOOGLE_CLIENT_ID,
        clientSecret: GOOGLE_CLIENT_SECRET,
        ...(GOOGLE_ISSUER ? { issuer: GOOGLE_ISSUER } : {}),
      }),
    );
  }
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  trustHost: true,
  secret: env().AUTH_SECRET,
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: '/login', error: '/login' },
  providers: providers(),
  logger: {
    // Wrong passwords are expected traffic, not server errors.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error('[auth]', error);
    },
  },
  events: {
    // Ends this session on the server: a copy of the cookie kept from before is refused everywhere.
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      if (!token?.sub || typeof token.sid !== 'string' || typeof token.sessionVersion !== 'number') return;
      await endSession(token.sub, token.sid, token.sessionVersion);
    },
  },
  callbacks: {
    // Only this site's own addresses, whatever callbackUrl a link or form carried, and on the
    // site's own origin: Auth.js's baseUrl is the request URL as Next reports it, which turns a
    // loopback host into "localhost" (Log Out from 127.0.0.1:3000 landed on localhost:3000).
    // Absolute, because next-auth/react parses the address it gets back.
    redirect({ url, baseUrl }) {
      const site = new URL(siteUrl()).origin;
      const path = url.startsWith(site) ? sameSitePath(url, site) : sameSitePath(url, baseUrl);
      return `${site}${path}`;
    },
    async signIn({ account, profile }) {
      if (account?.provider !== 'google') return true;
      if (!profile?.email || profile.email_verified !== true || !profile.sub) return '/login?error=GoogleEmailNotVerified';
      const outcome = await signInWithGoogle({
        subject: profile.sub,
        email: profile.email,
        name: profile.name ?? profile.email,
        image: typeof profile.picture === 'string' ? profile.picture : null,
      });
      return outcome.ok ? true : '/login?error=OAuthAccountNotLinked';
    },
    async jwt({ token, user, account }) {
      if (account && user) {
        // First call after sign-in: tie the token to our own user record. Google's user is known by
        // its e-mail; a credentials sign-in's authorize has just read the account (sessionUser).
        const fresh = account.provider === 'google' ? await findUserByEmail(user.email ?? '') : signedInAccount(user);
        if (!fresh) return null;
        return {
          ...token,
          sub: fresh.id,
          sid: newSessionId(),
          name: fresh.name,
          email: fresh.email,
          picture: fresh.image,
          role: fresh.role,
          emailVerified: fresh.emailVerified,
          sessionVersion: fresh.sessionVersion,
        };
      }
      if (!token.sub) return token;
      // The browser asks once per page load (components/layout/session-provider.tsx), so a new role,
      // name or picture shows on the next page, and a deleted account, a sign-out of this session or
      // a new session version ends it there: one read by _id.
      const fresh = await accountOfSession({ ...token, sub: token.sub });
      if (!fresh) return null;
      return { ...token, name: fresh.name, picture: fresh.image, role: fresh.role, emailVerified: fresh.emailVerified };
    },
    session({ session, token }) {
      session.user.id = token.sub ?? '';
      session.user.role = (token.role as Role | undefined) ?? 'user';
      session.user.isEmailVerified = token.emailVerified === true;
      session.user.sessionVersion = token.sessionVersion ?? 0;
      return session;
    },
  },
}));

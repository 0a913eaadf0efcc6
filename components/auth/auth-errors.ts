// The error codes Auth.js puts on /login?error=… after an OAuth round trip, and the
// `login.signInErrors` message each one shows.
const MESSAGE_KEYS = {
  OAuthAccountNotLinked: 'accountNotLinked',
  GoogleEmailNotVerified: 'googleEmailNotVerified',
  AccessDenied: 'accessDenied',
  Configuration: 'unavailable',
} as const;

export type SignInErrorKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS] | 'failed';

export function signInErrorKey(code: string | undefined): SignInErrorKey | null {
  if (!code) return null;
  // Own keys only: the code comes from the address ("toString" is not one of ours).
  return Object.hasOwn(MESSAGE_KEYS, code) ? MESSAGE_KEYS[code as keyof typeof MESSAGE_KEYS] : 'failed';
}

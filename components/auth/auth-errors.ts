// Messages for the error codes Auth.js puts on /login?error=… after an OAuth round trip.
const MESSAGES: Record<string, string> = {
  OAuthAccountNotLinked: 'This e-mail already has a Knowledge Zone account. Log in with your password.',
  GoogleEmailNotVerified: 'Google did not confirm this e-mail address.',
  AccessDenied: 'Sign-in was cancelled or refused.',
  Configuration: 'Sign-in is not available right now. Please try again later.',
};

export function authErrorMessage(code: string | undefined): string | null {
  if (!code) return null;
  return MESSAGES[code] ?? 'Sign-in failed. Please try again.';
}

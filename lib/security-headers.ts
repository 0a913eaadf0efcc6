import { cachedPagePolicy } from './content-security-policy';

/**
 * The headers every answer of the site carries: Next adds them (next.config.ts `headers()`), and
 * the public API reads the production server answers itself add the same (app/api/public-reads.ts).
 */
export function securityHeaders(isDevelopment: boolean): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: cachedPagePolicy(isDevelopment) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ];
}

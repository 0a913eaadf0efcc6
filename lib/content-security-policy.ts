// The Content-Security-Policy, in one place for every answer (lib/security-headers.ts) and proxy.ts
// (pages rendered per request).
//
// Pages rendered per request (accounts, admin, checkout, sign-in, search) get a fresh nonce from
// the proxy: Next puts it on every script it writes, so no inline script without it runs. Pages
// rendered ahead and cached (the public catalogue) cannot carry a per-request nonce, and the inline
// scripts Next writes into them (the page's data) differ per page, so their policy still allows
// inline scripts; React escapes every text they show, and no other script origin is trusted.

const STRIPE_SCRIPTS = 'https://js.stripe.com';

function policy(scriptSources: string, isDevelopment: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources}${isDevelopment ? " 'unsafe-eval'" : ''} ${STRIPE_SCRIPTS}`,
    // The PDF reader's worker (pdf.js), a file of the site's own; without this, workers would
    // follow script-src, where 'strict-dynamic' ignores 'self'. The video player (hls.js) makes
    // its worker from a blob: of its own code, and feeds the <video> a blob: (Media Source).
    "worker-src 'self' blob:",
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.stripe.com",
    'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com https://www.youtube.com https://www.youtube-nocookie.com https://www.facebook.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For cached pages: inline scripts allowed (see above). */
export function cachedPagePolicy(isDevelopment: boolean): string {
  return policy("'unsafe-inline'", isDevelopment);
}

/**
 * For pages rendered per request: only scripts carrying `nonce` run, and what they load
 * ('strict-dynamic': Next's chunks, Stripe.js).
 */
export function perRequestPolicy(nonce: string, isDevelopment: boolean): string {
  return policy(`'nonce-${nonce}' 'strict-dynamic'`, isDevelopment);
}

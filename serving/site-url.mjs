// The site's public address (SITE_URL) must be given to the production server. Every absolute
// address the app writes is built on it: the API's image addresses for older clients, canonical
// links, sitemaps, e-mailed links, sign-in callbacks. Left unset it would be the development default,
// http://127.0.0.1:3000, and every remote visitor would be sent to their own machine.

/**
 * SITE_URL from `env` as an origin-like address, or an Error saying what to set. The development
 * default is never assumed here.
 * @param {Record<string, string | undefined>} env
 * @returns {{ siteUrl: string } | { error: string }}
 */
export function productionSiteUrl(env) {
  const raw = env.SITE_URL?.trim();
  if (!raw) {
    return {
      error:
        'SITE_URL is not set. Set it to the public address of the site (e.g. SITE_URL=https://knowledgezone.example) in the ' +
        "server's environment or .env.local: image addresses, links in e-mails and sign-in callbacks are built on it.",
    };
  }
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { error: `SITE_URL must be an http:// or https:// address, not "${raw}".` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: `SITE_URL must be an http:// or https:// address, not "${raw}".` };
  return { siteUrl: url.href.replace(/\/$/, '') };
}

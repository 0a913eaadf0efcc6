// GET|POST /api/auth/* — Auth.js endpoints (session, CSRF, OAuth redirects and callbacks)
import { NextRequest } from 'next/server';
import { handlers } from '@/server/auth';
import { env } from '@/server/env';

/**
 * Next reports its own host as "localhost" in request URLs; Auth.js builds OAuth redirect URIs
 * from the request URL, so requests are put on the site's public origin (SITE_URL) first.
 */
function onSiteOrigin(request: NextRequest): NextRequest {
  const site = new URL(env().SITE_URL);
  const url = new URL(request.url);
  url.protocol = site.protocol;
  url.host = site.host;
  return new NextRequest(url, request);
}

export const GET = (request: NextRequest) => handlers.GET(onSiteOrigin(request));
export const POST = (request: NextRequest) => handlers.POST(onSiteOrigin(request));

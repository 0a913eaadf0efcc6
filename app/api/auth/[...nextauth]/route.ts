// GET|POST /api/auth/* — Auth.js endpoints (session, CSRF, OAuth redirects and callbacks)
import { NextRequest } from 'next/server';
import { handlers } from '@/server/accounts/auth';
import { redirectOnSiteOrigin, withoutUnusableCallbackCookie } from '@/server/accounts/auth-request';
import { siteUrl } from '@/server/platform/env';
import { jsonError } from '@/server/platform/http';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';

/** Auth.js's forms (sign-in, sign-out, CSRF) are a few hundred bytes. */
const AUTH_FORM_MAX_BYTES = 16 * 1024;

/** Auth.js's own redirects land on SITE_URL's origin, not on the host as Next reports it. */
function onSiteOrigin(response: Response, request: NextRequest): Response {
  return redirectOnSiteOrigin(response, request.nextUrl.origin, new URL(siteUrl()).origin);
}

export async function GET(request: NextRequest): Promise<Response> {
  return onSiteOrigin(await handlers.GET(withoutUnusableCallbackCookie(request)), request);
}

/** Auth.js reads a body whole; it gets one only after it has been read up to the limit. */
export async function POST(request: NextRequest): Promise<Response> {
  let body: Buffer;
  try {
    if (Number(request.headers.get('content-length') ?? '0') > AUTH_FORM_MAX_BYTES) throw new BodyTooLargeError(AUTH_FORM_MAX_BYTES);
    body = await readLimitedBody(request.body, AUTH_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'requestBodyTooLarge');
    throw error;
  }
  const clean = withoutUnusableCallbackCookie(request);
  return onSiteOrigin(await handlers.POST(new NextRequest(clean.url, { method: 'POST', headers: clean.headers, body: new Uint8Array(body) })), request);
}

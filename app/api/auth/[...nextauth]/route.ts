// GET|POST /api/auth/* — Auth.js endpoints (session, CSRF, OAuth redirects and callbacks)
import { NextRequest } from 'next/server';
import { handlers } from '@/server/auth';
import { withoutUnusableCallbackCookie } from '@/server/auth-request';
import { jsonError } from '@/server/http';
import { BodyTooLargeError, readLimitedBody } from '@/server/read-limited-body';

/** Auth.js's forms (sign-in, sign-out, CSRF) are a few hundred bytes. */
const AUTH_FORM_MAX_BYTES = 16 * 1024;

export function GET(request: NextRequest): Promise<Response> {
  return handlers.GET(withoutUnusableCallbackCookie(request));
}

/** Auth.js reads a body whole; it gets one only after it has been read up to the limit. */
export async function POST(request: NextRequest): Promise<Response> {
  let body: Buffer;
  try {
    if (Number(request.headers.get('content-length') ?? '0') > AUTH_FORM_MAX_BYTES) throw new BodyTooLargeError(AUTH_FORM_MAX_BYTES);
    body = await readLimitedBody(request.body, AUTH_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'Request body too large');
    throw error;
  }
  const clean = withoutUnusableCallbackCookie(request);
  return handlers.POST(new NextRequest(clean.url, { method: 'POST', headers: clean.headers, body: new Uint8Array(body) }));
}

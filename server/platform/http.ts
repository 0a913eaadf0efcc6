import 'server-only';
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { ZodError } from 'zod';
import { fieldErrorsOf } from '@/lib/result';
import type { FieldErrors } from '@/lib/result';
import type { CodedMessage } from '@/lib/coded-message';
import { englishFieldErrors, englishText, messageBody } from './english-text';
import type { ObjectId } from 'mongodb';
import { withCors } from './cors';
import { isDatabaseUnavailable, parseObjectId } from './db';
import { keepPrivate } from '../accounts/private-answers';
import { BodyTooLargeError, readLimitedBody } from './read-limited-body';
import { uncompressedWhenSmall } from './small-answers';

/**
 * An expected failure with its HTTP status and its coded message (lib/coded-message.ts), safe to
 * show; `message` is its English text, as the API answers it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly coded: CodedMessage,
    readonly headers: Record<string, string> = {},
  ) {
    super(englishText(coded));
    this.name = 'HttpError';
  }
}

/**
 * A refusal in the API's words: English `message` and `fieldErrors`, as the API has always
 * answered, and beside them `code` and `fieldErrorCodes` for pages that show them in another language.
 */
export function jsonError(status: number, message: string, extra: { fieldErrors?: FieldErrors } = {}, headers: Record<string, string> = {}) {
  const body = { ...messageBody(message), ...extra, ...(extra.fieldErrors ? { fieldErrors: englishFieldErrors(extra.fieldErrors), fieldErrorCodes: extra.fieldErrors } : {}) };
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** Maps any thrown value to a response that never leaks internals (docs/architecture.md, house style: one wrapper for route handlers). */
export function errorResponse(error: unknown): NextResponse {
  if (error instanceof HttpError) return jsonError(error.status, error.coded, {}, error.headers);
  if (error instanceof ZodError) return jsonError(400, 'invalidInput', { fieldErrors: fieldErrorsOf(error.issues) });
  if (isDatabaseUnavailable(error)) {
    return jsonError(503, 'theServiceIsTemporarilyUnavailablePleaseTryAgainShortly', {}, { 'Retry-After': '5' });
  }
  console.error('[api] unexpected error', error);
  return jsonError(500, 'somethingWentWrong');
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site requests that change state are refused: the browser says where a request comes
 * from in Sec-Fetch-Site and Origin; SameSite=Lax cookies are the second line.
 */
export function assertSameOrigin(request: Request): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  // Browsers never attach bearer tokens by themselves, so such requests cannot be forged
  // cross-site (and a bearer request is never authorized by its cookies).
  if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) return;
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw new HttpError(403, 'crossSiteRequestRefused');
  const origin = request.headers.get('origin');
  if (origin) {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new HttpError(403, 'crossSiteRequestRefused');
    }
    if (originHost !== host) throw new HttpError(403, 'crossSiteRequestRefused');
  }
}

/**
 * Reads a JSON body; malformed JSON and oversized bodies are client errors, not crashes. The body
 * is read only up to `maxBytes`, so an endless chunked body is refused without being buffered.
 */
export async function readJson(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > maxBytes) throw new HttpError(413, 'requestBodyTooLarge');
  let text: string;
  try {
    text = (await readLimitedBody(request.body, maxBytes)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, 'requestBodyTooLarge');
    throw error;
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'malformedJsonBody');
  }
}

type Handler<Context> = (request: NextRequest, context: Context) => Promise<Response>;

/**
 * The one wrapper every route handler goes through: same-origin check, CORS headers, private
 * answers for signed-in callers, error mapping, and small answers sent uncompressed.
 */
export function route<Context>(handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      assertSameOrigin(request);
      return withCors(request, await uncompressedWhenSmall(keepPrivate(request, await handler(request, context))));
    } catch (error) {
      return withCors(request, await uncompressedWhenSmall(errorResponse(error)));
    }
  };
}

/** A path id as an ObjectId; a malformed id is the client's error (400), never a crash. */
export function objectIdFrom(value: string): ObjectId {
  const id = parseObjectId(value);
  if (!id) throw new HttpError(400, 'invalidIdExpected24HexadecimalCharacters');
  return id;
}

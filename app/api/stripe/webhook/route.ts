// POST /api/stripe/webhook — Stripe events, verified by signature (Stripe only; no session, no same-origin check)
import { NextResponse } from 'next/server';
import { env } from '@/server/platform/env';
import { errorResponse, jsonError } from '@/server/platform/http';
import { handleStripeWebhook } from '@/server/commerce/payments/stripe-webhook';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';

// Stripe's events are a few kilobytes; anything far larger is refused before it is buffered.
const MAX_EVENT_BYTES = 512 * 1024;

// Not wrapped in route(): Stripe posts cross-site by design, and the signature is the check.
export async function POST(request: Request): Promise<Response> {
  try {
    // The signature covers the exact bytes sent, so the raw body is verified, never re-serialized JSON.
    const payload = (await readLimitedBody(request.body, MAX_EVENT_BYTES)).toString('utf8');
    const answer = await handleStripeWebhook(payload, request.headers.get('stripe-signature'), env().STRIPE_WEBHOOK_SECRET);
    return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'requestBodyTooLarge');
    return errorResponse(error);
  }
}

// POST /api/payments/bkash/webhook — bKash's notifications through Amazon SNS, verified by signature, certificate host and topic (bKash only; no session, no same-origin check)
import { NextResponse } from 'next/server';
import { errorResponse, jsonError } from '@/server/platform/http';
import { handleBkashWebhook } from '@/server/commerce/payment-doors/bkash';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';

const MAX_MESSAGE_BYTES = 64 * 1024;

// Not wrapped in route(): SNS posts from Amazon's servers; the signature is the check.
export async function POST(request: Request): Promise<Response> {
  try {
    const body = (await readLimitedBody(request.body, MAX_MESSAGE_BYTES)).toString('utf8');
    const answer = await handleBkashWebhook(body, request.headers.get('x-amz-sns-message-type'));
    return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'requestBodyTooLarge');
    return errorResponse(error);
  }
}

// POST /api/payments/sslcommerz/ipn — SSLCommerz's instant payment notification, checked by verify_sign, then confirmed with its validation API (SSLCommerz only; no session, no same-origin check)
import { NextResponse } from 'next/server';
import { errorResponse, jsonError } from '@/server/platform/http';
import { handleSslcommerzIpn } from '@/server/commerce/payment-doors/sslcommerz';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';

const MAX_IPN_BYTES = 32 * 1024;

// Not wrapped in route(): SSLCommerz posts from its servers; the signature is the first check and the validation API the proof.
export async function POST(request: Request): Promise<Response> {
  try {
    const form = (await readLimitedBody(request.body, MAX_IPN_BYTES)).toString('utf8');
    const answer = await handleSslcommerzIpn(form);
    return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'requestBodyTooLarge');
    return errorResponse(error);
  }
}

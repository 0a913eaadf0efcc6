// POST /api/payments/sslcommerz/return/{success|fail|cancel} — the buyer's browser back from SSLCommerz's page (a cross-site form post): the attempt is settled with SSLCommerz, then 303 to the order's payment page
import { NextResponse } from 'next/server';
import { env } from '@/server/platform/env';
import { errorResponse, jsonError } from '@/server/platform/http';
import { returnPagePath } from '@/server/commerce/payment-attempts';
import { handleSslcommerzReturn } from '@/server/commerce/payment-doors/sslcommerz';
import type { ReturnOutcome } from '@/server/commerce/payment-doors/sslcommerz';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';

const OUTCOMES: Record<string, { outcome: ReturnOutcome; returned: 'success' | 'failure' | 'cancel' }> = {
  success: { outcome: 'success', returned: 'success' },
  fail: { outcome: 'fail', returned: 'failure' },
  cancel: { outcome: 'cancel', returned: 'cancel' },
};

const MAX_FORM_BYTES = 32 * 1024;

// Not wrapped in route(): SSLCommerz's page posts here cross-site by design, without the buyer's
// cookies; nothing posted is believed (the attempt is settled by asking SSLCommerz).
export async function POST(request: Request, { params }: { params: Promise<{ outcome: string }> }): Promise<Response> {
  try {
    const { outcome } = await params;
    // Own keys only: "constructor" or "__proto__" in the address are not outcomes.
    const chosen = Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
    if (!chosen) return jsonError(404, 'notFound');
    const form = (await readLimitedBody(request.body, MAX_FORM_BYTES)).toString('utf8');
    const attempt = await handleSslcommerzReturn(chosen.outcome, form);
    // A form naming no attempt of ours: the buyer's orders are the useful place to land.
    const path = attempt ? returnPagePath(attempt, chosen.returned) : '/myOrder';
    // 303: the browser follows with a GET, a top-level navigation that carries the buyer's (SameSite=Lax) session again.
    return NextResponse.redirect(new URL(path, env().SITE_URL), { status: 303, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'requestBodyTooLarge');
    return errorResponse(error);
  }
}

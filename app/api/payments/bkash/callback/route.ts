// GET /api/payments/bkash/callback?paymentID=…&status=success|failure|cancel — the buyer's browser back from bKash's page: the payment is executed or asked about, then 303 to the order's payment page
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { env } from '@/server/platform/env';
import { errorResponse } from '@/server/platform/http';
import { returnPagePath } from '@/server/commerce/payment-attempts';
import { handleBkashCallback } from '@/server/commerce/payment-doors/bkash';

const callbackSchema = z.object({ paymentID: z.string().min(1).max(255), status: z.enum(['success', 'failure', 'cancel']) });

// A GET that changes state, as bKash designed it: it only ever makes us ask bKash, which is safe to repeat.
export async function GET(request: NextRequest): Promise<Response> {
  try {
    const parsed = callbackSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
    const attempt = parsed.success ? await handleBkashCallback(parsed.data.paymentID, parsed.data.status) : null;
    const path = attempt && parsed.success ? returnPagePath(attempt, parsed.data.status) : '/myOrder';
    return NextResponse.redirect(new URL(path, env().SITE_URL), { status: 303, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}

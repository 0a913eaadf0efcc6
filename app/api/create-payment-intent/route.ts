// POST /api/create-payment-intent — start paying the caller's order; answers {clientSecret} (owner only)
import { NextResponse } from 'next/server';
import { paymentIntentSchema } from '@/lib/schemas/orders';
import { startPayment } from '@/server/checkout';
import { requireUser } from '@/server/guards';
import { readJson, route } from '@/server/http';

export const POST = route(async (request) => {
  const user = await requireUser();
  // The legacy body's `price` is accepted and ignored: the amount is the stored order's. Asking
  // again for an order that already has an intent counts against the account's allowance (429).
  const { orderId } = paymentIntentSchema.parse(await readJson(request, 8 * 1024));
  const { clientSecret } = await startPayment(user, orderId);
  return NextResponse.json({ clientSecret }, { headers: { 'Cache-Control': 'no-store' } });
});

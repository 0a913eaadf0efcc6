// POST /api/create-payment-intent — start paying the caller's order; answers {clientSecret} (owner only)
import { NextResponse } from 'next/server';
import { paymentIntentSchema } from '@/lib/schemas/orders';
import { startPayment } from '@/server/checkout';
import { requireUser } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { WRITE_LIMITS, takeWriteAllowance } from '@/server/write-limits';

export const POST = route(async (request) => {
  const user = await requireUser();
  // The legacy body's `price` is accepted and ignored: the amount is the stored order's.
  const { orderId } = paymentIntentSchema.parse(await readJson(request, 8 * 1024));
  await takeWriteAllowance(`payment-intent:${user.id}`, WRITE_LIMITS.paymentIntent);
  const { clientSecret } = await startPayment(user, orderId);
  return NextResponse.json({ clientSecret }, { headers: { 'Cache-Control': 'no-store' } });
});

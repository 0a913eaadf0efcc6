// POST /api/create-payment-intent — start paying the caller's order at the item's current price; answers {clientSecret, priceCents} (owner only)
import { NextResponse } from 'next/server';
import { paymentIntentSchema } from '@/lib/schemas/orders';
import { startPayment } from '@/server/checkout';
import { requireUser } from '@/server/guards';
import { readJson, route } from '@/server/http';

export const POST = route(async (request) => {
  const user = await requireUser();
  // The legacy body's `price` is accepted and ignored: the amount is the catalogue's price now
  // (written to the order). Asking again for an order that already has an intent counts against
  // the account's allowance (429); 503 when this server takes no payments.
  const { orderId } = paymentIntentSchema.parse(await readJson(request, 8 * 1024));
  const { clientSecret, order } = await startPayment(user, orderId);
  return NextResponse.json({ clientSecret, priceCents: order.priceCents }, { headers: { 'Cache-Control': 'no-store' } });
});

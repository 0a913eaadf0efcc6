// POST /api/create-payment-intent — start paying the caller's order at the item's current price less its promo code; answers {clientSecret, priceCents, listPriceCents, promo, free} (owner only)
import { NextResponse } from 'next/server';
import { paymentIntentSchema } from '@/lib/schemas/orders';
import { startCheckout } from '@/server/commerce/checkout';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { checkoutAnswer } from '@/server/commerce/promo-codes';

export const POST = route(async (request) => {
  const user = await requireUser();
  // The legacy body's `price` is accepted and ignored: the amount is the catalogue's price now
  // (written to the order). Asking again for an order that already has an intent counts against
  // the account's allowance (429); 503 when this server takes no payments.
  const { orderId } = paymentIntentSchema.parse(await readJson(request, 8 * 1024));
  // A promo code the order holds is taken off the price here; one that made it free answers
  // `free: true` and no client secret (there is no card payment).
  const started = await startCheckout(user, orderId);
  return NextResponse.json(checkoutAnswer(started), { headers: { 'Cache-Control': 'no-store' } });
});

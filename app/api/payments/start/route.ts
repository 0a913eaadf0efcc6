// POST /api/payments/start — start paying the caller's order with bKash or SSLCommerz: {orderId, method, locale} → {attemptId, redirectUrl} (owner only)
import { NextResponse } from 'next/server';
import { redirectStartSchema } from '@/lib/schemas/orders';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { startRedirectPayment } from '@/server/commerce/payment-attempts';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { orderId, method, locale } = redirectStartSchema.parse(await readJson(request, 4 * 1024));
  const started = await startRedirectPayment(user, orderId, method, locale);
  return NextResponse.json(started, { headers: { 'Cache-Control': 'no-store' } });
});

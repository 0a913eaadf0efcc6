// POST /api/payments/sandbox/confirm — pay an order with a test card through the sandbox gateway (owner only; 409 if the price changed since the payment started, 503 when payments are off)
import { NextResponse } from 'next/server';
import { sandboxConfirmSchema } from '@/lib/schemas/orders';
import { payWithSandboxCard } from '@/server/commerce/checkout';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { clientSecret, ...card } = sandboxConfirmSchema.parse(await readJson(request, 4 * 1024));
  const result = await payWithSandboxCard(user, clientSecret, card);
  // 402 with the card's message, as Stripe answers a declined card.
  if (!result.ok) return NextResponse.json(messageBody(result.message), { status: 402, headers: { 'Cache-Control': 'no-store' } });
  return NextResponse.json(
    { status: 'succeeded', transactionId: result.transactionId, orderId: result.order.id },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});

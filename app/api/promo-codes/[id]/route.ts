// PUT /api/promo-codes/{id} — change a promo code (admin); DELETE /api/promo-codes/{id} — delete it (admin)
import { NextResponse } from 'next/server';
import { objectIdString } from '@/lib/schemas/orders';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { deletePromoCode, updatePromoCode } from '@/server/commerce/promo-codes';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('managePromotions');
  const id = objectIdString.parse((await params).id);
  // The whole code, as POST takes it, an amount off's `currency` included (deactivating is `active: false`).
  const updated = await updatePromoCode(admin, id, await readJson(request, 32 * 1024));
  return NextResponse.json(updated, { headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('managePromotions');
  const id = objectIdString.parse((await params).id);
  await deletePromoCode(admin, id);
  return NextResponse.json({ acknowledged: true, deletedCount: 1 }, { headers: { 'Cache-Control': 'no-store' } });
});

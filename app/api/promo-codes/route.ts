// GET /api/promo-codes — the promo codes, newest first, 50 a page (admin); POST /api/promo-codes — add a code (admin)
import { NextResponse } from 'next/server';
import { promoCodeListQuerySchema } from '@/lib/schemas/promo-code';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { createPromoCode, listPromoCodes } from '@/server/commerce/promo-codes';

export const GET = route(async (request) => {
  const admin = await requirePermission('managePromotions');
  const { page } = promoCodeListQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const list = await listPromoCodes(admin, page ?? 1);
  return NextResponse.json(list, { headers: { 'Cache-Control': 'no-store', 'X-Total-Count': String(list.total) } });
});

export const POST = route(async (request) => {
  const admin = await requirePermission('managePromotions');
  // Amounts as on the form: dollars and cents, or whole taka with `currency: 'bdt'`; stored in the
  // currency's minor unit and answered with the currency. 400 for a bad currency or amount, 409 for a
  // code that exists in any case.
  const created = await createPromoCode(admin, await readJson(request, 32 * 1024));
  return NextResponse.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

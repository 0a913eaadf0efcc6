'use server';

import type { Result } from '@/lib/result';
import { promoCodeSchema } from '@/lib/schemas/promo-code';
import { asPermittedAction, invalidInput, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { createPromoCode, deletePromoCode, setPromoCodeActive, updatePromoCode } from '@/server/commerce/promo-codes';
import type { PromoCodeView } from '@/server/commerce/promo-codes';

// The admin's promo code screen (/admin/promo-codes): add, change, deactivate and delete. The
// domain operations authorize, validate and count the admin's allowance; the form's field
// errors come from the same schema here first.

const GONE = 'thisPromoCodeNoLongerExists';

export async function addPromoCodeAction(input: unknown): Promise<Result<PromoCodeView>> {
  return asPermittedAction('managePromotions', async (admin) => {
    const parsed = promoCodeSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    return { ok: true, data: await createPromoCode(admin, input) };
  });
}

export async function updatePromoCodeAction(id: unknown, input: unknown): Promise<Result<PromoCodeView>> {
  return asPermittedAction('managePromotions', async (admin) => {
    const codeId = objectIdOrNull(id);
    if (!codeId) return { ok: false, message: GONE };
    const parsed = promoCodeSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    return { ok: true, data: await updatePromoCode(admin, codeId.toHexString(), input) };
  });
}

export async function setPromoCodeActiveAction(id: unknown, active: unknown): Promise<Result<PromoCodeView>> {
  return asPermittedAction('managePromotions', async (admin) => {
    const codeId = objectIdOrNull(id);
    if (!codeId) return { ok: false, message: GONE };
    if (typeof active !== 'boolean') return { ok: false, message: 'activeMustBeYesOrNo' };
    return { ok: true, data: await setPromoCodeActive(admin, codeId.toHexString(), active) };
  });
}

export async function deletePromoCodeAction(id: unknown): Promise<Result> {
  return asPermittedAction('managePromotions', async (admin) => {
    const codeId = objectIdOrNull(id);
    if (!codeId) return { ok: false, message: GONE };
    await deletePromoCode(admin, codeId.toHexString());
    return { ok: true, data: undefined };
  });
}

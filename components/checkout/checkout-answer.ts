// What the checkout endpoints answer (POST /api/create-payment-intent, POST and DELETE
// /api/order/{id}/promo; server/promo-codes.ts checkoutAnswer), read defensively: the page shows
// only what the server computed, and anything malformed counts as no answer.

export type CheckoutPromo = { code: string; discountCents: number; description: string };

export type CheckoutAnswer = {
  listPriceCents: number;
  priceCents: number;
  promo: CheckoutPromo | null;
  promoNotice: string | null;
  free: boolean;
  clientSecret: string | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readPromo(value: unknown): CheckoutPromo | null {
  if (!isRecord(value)) return null;
  const { code, discountCents, description } = value;
  return typeof code === 'string' && typeof discountCents === 'number' && typeof description === 'string' ? { code, discountCents, description } : null;
}

export function readCheckoutAnswer(body: unknown): CheckoutAnswer | null {
  if (!isRecord(body) || typeof body.priceCents !== 'number') return null;
  const free = body.free === true;
  const clientSecret = typeof body.clientSecret === 'string' ? body.clientSecret : null;
  if (!free && !clientSecret) return null;
  return {
    listPriceCents: typeof body.listPriceCents === 'number' ? body.listPriceCents : body.priceCents,
    priceCents: body.priceCents,
    promo: readPromo(body.promo),
    promoNotice: typeof body.promoNotice === 'string' ? body.promoNotice : null,
    free,
    clientSecret,
  };
}

/** The server's message in a refusal: `message`, or the first field error (a malformed code). */
export function refusalMessage(body: unknown, fallback: string): string {
  if (!isRecord(body)) return fallback;
  const fieldErrors = isRecord(body.fieldErrors) ? Object.values(body.fieldErrors).flat() : [];
  const first = fieldErrors.find((entry): entry is string => typeof entry === 'string');
  if (first) return first;
  return typeof body.message === 'string' ? body.message : fallback;
}

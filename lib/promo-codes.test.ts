import { discountCentsFor, lapsedPromoNotice, normalizePromoCode, promoRefusalMessage } from './promo-codes';
import { promoCodeEntrySchema, promoCodeSchema } from './schemas/promo-code';

describe('discountCentsFor', () => {
  it('takes a percentage, rounded to the cent, or an amount, never more than the price', () => {
    expect(discountCentsFor({ kind: 'percent', percent: 10 }, 1999)).toBe(200);
    expect(discountCentsFor({ kind: 'percent', percent: 100 }, 1999)).toBe(1999);
    expect(discountCentsFor({ kind: 'amount', amountCents: 500 }, 1999)).toBe(500);
    expect(discountCentsFor({ kind: 'amount', amountCents: 5000 }, 1999)).toBe(1999);
  });

  it('leaves at least the $0.50 a card can be charged, unless it takes the whole price', () => {
    expect(discountCentsFor({ kind: 'percent', percent: 99 }, 1000)).toBe(950);
    expect(discountCentsFor({ kind: 'amount', amountCents: 980 }, 1000)).toBe(950);
    expect(discountCentsFor({ kind: 'amount', amountCents: 1000 }, 1000)).toBe(1000);
  });
});

describe('promo code input', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizePromoCode('  kz2026 ')).toBe('KZ2026');
    expect(promoCodeEntrySchema.parse({ code: ' Spring-Sale_1 ' })).toEqual({ code: 'SPRING-SALE_1' });
  });

  it('refuses malformed codes, operators and unknown fields', () => {
    for (const code of ['', 'ab', 'KZ 2026', 'x'.repeat(33), '$ne', '<script>']) expect(promoCodeEntrySchema.safeParse({ code }).success).toBe(false);
    expect(promoCodeEntrySchema.safeParse({ code: { $ne: null } }).success).toBe(false);
    expect(promoCodeEntrySchema.safeParse({ code: 'KZ2026', price: 1 }).success).toBe(false);
  });

  it('reads the admin form: dollars to cents, blank limits as none, field messages where they belong', () => {
    const base = { code: 'sale', discountType: 'amount', amountOff: '2.50', appliesTo: 'all', active: true };
    expect(promoCodeSchema.parse({ ...base, usageLimit: '', perBuyerLimit: '3', validFrom: '2026-01-01', validTo: '' })).toEqual({
      code: 'SALE',
      discount: { kind: 'amount', amountCents: 250 },
      validFrom: '2026-01-01',
      validTo: null,
      usageLimit: null,
      perBuyerLimit: 3,
      scope: { kind: 'all' },
      active: true,
    });
    const issues = (input: Record<string, unknown>) => promoCodeSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...base, amountOff: '2.505' })).toEqual([['amountOff', 'Amount off can have at most two decimals']]);
    expect(issues({ ...base, discountType: 'percent', percentOff: '0' })).toEqual([['percentOff', 'Percent off must be a whole number from 1 to 100']]);
    expect(issues({ ...base, usageLimit: 2, perBuyerLimit: 3 })).toEqual([['perBuyerLimit', 'Uses per buyer cannot be more than Total uses']]);
    expect(issues({ ...base, appliesTo: 'lists', lists: [] })).toEqual([['lists', 'Choose at least one course list']]);
    expect(issues({ ...base, appliesTo: 'items' })).toEqual([['itemIds', 'Choose at least one course or book']]);
    expect(issues({ ...base, validFrom: '2026-02-30' })).toEqual([['validFrom', 'Valid from must be a date']]);
    expect(promoCodeSchema.safeParse({ ...base, role: 'admin' }).success).toBe(false);
  });
});

describe('messages', () => {
  it('say why a code cannot be used, and why one applied earlier no longer applies', () => {
    expect(promoRefusalMessage('not-applicable', 'book')).toBe('This promo code cannot be used for this book.');
    expect(promoRefusalMessage('not-started', 'course', new Date('2026-12-01T00:00:00Z'))).toBe('This promo code is not valid yet. It can be used from 1 Dec 2026.');
    expect(lapsedPromoNotice('KZ2026', 'ended')).toBe('Promo code KZ2026 no longer applies: it has expired. You pay the full price.');
  });
});

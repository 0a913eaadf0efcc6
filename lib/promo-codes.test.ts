import { describeDiscount, discountCentsFor, discountFor, lapsedPromoNotice, normalizePromoCode, promoRefusalMessage } from './promo-codes';
import type { Money } from './money';
import { promoCodeEntrySchema, promoCodeSchema } from './schemas/promo-code';
import { englishText } from '@/server/platform/english-text';

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

describe('amount-off codes in a currency', () => {
  const usd = (minor: number): Money => ({ currency: 'usd', minor });
  const bdt = (minor: number): Money => ({ currency: 'bdt', minor });
  const takaHundred = { kind: 'amount', amountCents: 10_000, currency: 'bdt' } as const;
  const fiveDollars = { kind: 'amount', amountCents: 500, currency: 'usd' } as const;

  it('takes ৳100 off taka payments only, and $5 off dollar payments only', () => {
    expect(discountFor(takaHundred, bdt(85_000))).toBe(10_000);
    expect(discountFor(takaHundred, usd(1999))).toBe(0);
    expect(discountFor(fiveDollars, usd(1999))).toBe(500);
    expect(discountFor(fiveDollars, bdt(85_000))).toBe(0);
    // A code stored before codes had a currency is a dollar code.
    expect(discountFor({ kind: 'amount', amountCents: 500 }, usd(1999))).toBe(500);
    expect(discountFor({ kind: 'amount', amountCents: 500 }, bdt(85_000))).toBe(0);
  });

  it('takes a percentage off in every currency', () => {
    expect(discountFor({ kind: 'percent', percent: 10 }, usd(1999))).toBe(200);
    expect(discountFor({ kind: 'percent', percent: 10 }, bdt(85_000))).toBe(8_500);
  });

  it('never takes more than the taka price, and leaves at least SSLCommerz’s ৳10 unless it takes it all', () => {
    expect(discountFor(takaHundred, bdt(5_000))).toBe(5_000);
    expect(discountFor(takaHundred, bdt(10_500))).toBe(9_500);
  });

  it('says the discount in its currency', () => {
    expect(describeDiscount(takaHundred)).toBe('৳100 off');
    expect(describeDiscount(fiveDollars)).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'amount', amountCents: 500 })).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'percent', percent: 15 })).toBe('15% off');
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
      discount: { kind: 'amount', amountCents: 250, currency: 'usd' },
      validFrom: '2026-01-01',
      validTo: null,
      usageLimit: null,
      perBuyerLimit: 3,
      scope: { kind: 'all' },
      active: true,
    });
    const issues = (input: Record<string, unknown>) => promoCodeSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), englishText(issue.message)]);
    expect(issues({ ...base, amountOff: '2.505' })).toEqual([['amountOff', 'Amount off can have at most two decimals']]);
    expect(issues({ ...base, discountType: 'percent', percentOff: '0' })).toEqual([['percentOff', 'Percent off must be a whole number from 1 to 100']]);
    expect(issues({ ...base, usageLimit: 2, perBuyerLimit: 3 })).toEqual([['perBuyerLimit', 'Uses per buyer cannot be more than Total uses']]);
    expect(issues({ ...base, appliesTo: 'lists', lists: [] })).toEqual([['lists', 'Choose at least one course list']]);
    expect(issues({ ...base, appliesTo: 'items' })).toEqual([['itemIds', 'Choose at least one course or book']]);
    expect(issues({ ...base, validFrom: '2026-02-30' })).toEqual([['validFrom', 'Valid from must be a date']]);
    expect(promoCodeSchema.safeParse({ ...base, role: 'admin' }).success).toBe(false);
  });

  it('reads an amount off in whole taka, from ৳10 to ৳500,000, for taka codes; dollars when no currency is given', () => {
    const base = { code: 'taka', discountType: 'amount', appliesTo: 'all', active: true };
    expect(promoCodeSchema.parse({ ...base, amountOff: '100', currency: 'bdt' }).discount).toEqual({ kind: 'amount', amountCents: 10_000, currency: 'bdt' });
    expect(promoCodeSchema.parse({ ...base, amountOff: 10, currency: 'bdt' }).discount).toEqual({ kind: 'amount', amountCents: 1_000, currency: 'bdt' });
    expect(promoCodeSchema.parse({ ...base, amountOff: '500000', currency: 'bdt' }).discount).toEqual({ kind: 'amount', amountCents: 50_000_000, currency: 'bdt' });
    expect(promoCodeSchema.parse({ ...base, amountOff: '2.50' }).discount).toEqual({ kind: 'amount', amountCents: 250, currency: 'usd' });
    // A percentage has no currency: one sent along (the form always sends its choice) is ignored.
    expect(promoCodeSchema.parse({ ...base, discountType: 'percent', percentOff: 10, currency: 'bdt' }).discount).toEqual({ kind: 'percent', percent: 10 });
    const issues = (input: Record<string, unknown>) => promoCodeSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), englishText(issue.message)]);
    expect(issues({ ...base, amountOff: '100', currency: 'eur' })).toEqual([['currency', 'Choose dollars or taka']]);
    expect(issues({ ...base, amountOff: '100.5', currency: 'bdt' })).toEqual([['amountOff', 'Amount off in taka must be a whole number']]);
    expect(issues({ ...base, amountOff: '9', currency: 'bdt' })).toEqual([['amountOff', 'Amount off in taka must be from 10 to 500000']]);
    expect(issues({ ...base, amountOff: '500001', currency: 'bdt' })).toEqual([['amountOff', 'Amount off in taka must be from 10 to 500000']]);
    expect(issues({ ...base, amountOff: '', currency: 'bdt' })).toEqual([['amountOff', 'Amount off is required']]);
  });
});

describe('messages', () => {
  it('say why a code cannot be used, and why one applied earlier no longer applies', () => {
    expect(englishText(promoRefusalMessage('not-applicable', 'book'))).toBe('This promo code cannot be used for this book.');
    expect(englishText(promoRefusalMessage('not-started', 'course', new Date('2026-12-01T00:00:00Z')))).toBe('This promo code is not valid yet. It can be used from 1 Dec 2026.');
    expect(englishText(lapsedPromoNotice('KZ2026', 'ended'))).toBe('Promo code KZ2026 no longer applies: it has expired. You pay the full price.');
  });
});

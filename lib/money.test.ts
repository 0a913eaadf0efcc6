import { formatPrice } from './format';
import { formatMoney, inReadingOrder, itemPrices } from './money';
import type { Money } from './money';

const usd = (minor: number): Money => ({ currency: 'usd', minor });
const bdt = (minor: number): Money => ({ currency: 'bdt', minor });

describe('formatMoney', () => {
  it('writes dollars as the site always did, in either language', () => {
    expect(formatMoney(usd(1250))).toBe('$12.50');
    expect(formatMoney(usd(700), 'en')).toBe('$7.00');
    expect(formatMoney(usd(123456), 'en')).toBe('$1,234.56');
    for (const cents of [0, 5, 700, 1250, 123456]) {
      expect(formatMoney(usd(cents), 'en')).toBe(formatPrice(cents, 'en'));
      expect(formatMoney(usd(cents), 'bn')).toBe(formatPrice(cents, 'bn'));
    }
  });

  it('writes taka with the ৳ sign, whole taka without paisa, Bengali digits and grouping on the Bengali site', () => {
    expect(formatMoney(bdt(85000), 'en')).toBe('৳850');
    expect(formatMoney(bdt(155000), 'en')).toBe('৳1,550');
    expect(formatMoney(bdt(85050), 'en')).toBe('৳850.50');
    expect(formatMoney(bdt(50000000), 'en')).toBe('৳500,000');
    expect(formatMoney(bdt(85000), 'bn')).toBe('৮৫০৳');
    expect(formatMoney(bdt(155000), 'bn')).toBe('১,৫৫০৳');
    expect(formatMoney(bdt(50000000), 'bn')).toBe('৫,০০,০০০৳');
    expect(formatMoney(bdt(85050), 'bn')).toBe('৮৫০.৫০৳');
  });
});

describe('inReadingOrder', () => {
  it('puts dollars first on the English site and taka first on the Bengali one, keeping what it was given', () => {
    const prices = [usd(700), bdt(85000)];
    expect(inReadingOrder(prices, 'en')).toEqual([usd(700), bdt(85000)]);
    expect(inReadingOrder(prices, 'bn')).toEqual([bdt(85000), usd(700)]);
    expect(inReadingOrder([bdt(85000), usd(700)], 'en')).toEqual([usd(700), bdt(85000)]);
    expect(inReadingOrder([usd(700)], 'bn')).toEqual([usd(700)]);
    expect(prices).toEqual([usd(700), bdt(85000)]);
  });
});

describe('itemPrices', () => {
  it('has dollars always and taka where the item has a taka price', () => {
    expect(itemPrices(700, 85000)).toEqual([usd(700), bdt(85000)]);
    expect(itemPrices(700)).toEqual([usd(700)]);
    expect(itemPrices(700, null)).toEqual([usd(700)]);
    expect(itemPrices(0, 0)).toEqual([usd(0), bdt(0)]);
  });

  it('never shows ৳0 beside a price in dollars, nor a stored value that is no paisa amount', () => {
    expect(itemPrices(700, 0)).toEqual([usd(700)]);
    expect(itemPrices(700, -100)).toEqual([usd(700)]);
    expect(itemPrices(700, 850.5)).toEqual([usd(700)]);
  });
});

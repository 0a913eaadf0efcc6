import { centsToDollars, excerpt, formatBlogDate, formatPrice, isLongerThan, normalizeSearchTerm, normalizeSearchText } from './format';

describe('formatPrice', () => {
  it('shows integer cents as dollars with two decimals', () => {
    expect(formatPrice(1250)).toBe('$12.50');
    expect(formatPrice(100)).toBe('$1.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });

  it('keeps the legacy dollar number exact', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(800)).toBe(8);
  });
});

describe('excerpt (blog cards: first 255 characters)', () => {
  it('keeps a text of at most the limit unchanged', () => {
    const text = 'a'.repeat(255);
    expect(excerpt(text, 255)).toBe(text);
    expect(isLongerThan(text, 255)).toBe(false);
  });

  it('cuts a longer text to exactly the limit', () => {
    const text = 'b'.repeat(256);
    expect(excerpt(text, 255)).toHaveLength(255);
    expect(isLongerThan(text, 255)).toBe(true);
  });

  it('counts characters, not UTF-16 units, so nothing is cut in half', () => {
    const text = '😀'.repeat(300);
    const cut = excerpt(text, 255);
    expect(Array.from(cut)).toHaveLength(255);
    expect(cut).toBe('😀'.repeat(255));
    expect(isLongerThan('😀'.repeat(255), 255)).toBe(false);
  });
});

describe('search normalization', () => {
  it('lower-cases, trims and collapses whitespace', () => {
    expect(normalizeSearchText('  Python   Basics\tIN\nSeven Days ')).toBe('python basics in seven days');
  });

  it('folds compatibility forms so full-width letters match', () => {
    expect(normalizeSearchText('ＰＹＴＨＯＮ')).toBe('python');
  });

  it('caps a term at 100 characters', () => {
    expect(normalizeSearchTerm('x'.repeat(150))).toHaveLength(100);
    expect(normalizeSearchTerm('   ')).toBe('');
  });
});

describe('formatBlogDate', () => {
  it('shows a stored yyyy-mm-dd date in words, independent of the time zone', () => {
    expect(formatBlogDate('2026-02-14')).toBe('14 February 2026');
  });

  it('shows an unparseable value as it is', () => {
    expect(formatBlogDate('someday')).toBe('someday');
  });
});

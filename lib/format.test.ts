import { centsToDollars, excerpt, formatBlogDate, formatDate, formatNumber, formatPrice, isLongerThan, normalizeSearchTerm, normalizeSearchText } from './format';

describe('formatNumber and formatDate', () => {
  it('format each language and option set its own way, however they are mixed', () => {
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234, 'en', { useGrouping: false })).toBe('1234');
    expect(formatNumber(1234, 'bn')).toBe('১,২৩৪');
    expect(formatNumber(5, 'en', { minimumIntegerDigits: 2 })).toBe('05');
    expect(formatNumber(1234)).toBe('1,234');
    const day = new Date(Date.UTC(2026, 1, 14, 9, 30));
    expect(formatDate(day)).toBe('14 February 2026');
    expect(formatDate(day, 'short')).toBe('14 Feb 2026');
    expect(formatDate(day, 'long', 'bn')).toBe('১৪ ফেব্রুয়ারি, ২০২৬');
    expect(formatDate(day)).toBe('14 February 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

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

  it('cuts a longer text after the last whole word, with an ellipsis, within the limit', () => {
    const text = `${'word '.repeat(60)}tail`;
    const cut = excerpt(text, 255);
    expect(Array.from(cut).length).toBeLessThanOrEqual(255);
    expect(cut.endsWith('word…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(isLongerThan(text, 255)).toBe(true);
    // Never mid-word: "Knowledge Zone teaches" at 20 keeps "Knowledge Zone", not "Knowledge Zone teac".
    expect(excerpt('Knowledge Zone teaches physics', 20)).toBe('Knowledge Zone…');
  });

  it('keeps a last word that ends exactly where the text breaks', () => {
    expect(excerpt('abcd efgh ijkl', 10)).toBe('abcd efgh…');
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(excerpt('One, two, three and four', 11)).toBe('One, two…');
    expect(excerpt('First part - second part', 13)).toBe('First part…');
  });

  it('cuts a single word longer than the limit inside it', () => {
    const text = 'b'.repeat(300);
    expect(excerpt(text, 255)).toBe(`${'b'.repeat(254)}…`);
  });

  it('counts characters, not UTF-16 units, so nothing is cut in half', () => {
    const text = '😀'.repeat(300);
    const cut = excerpt(text, 255);
    expect(Array.from(cut)).toHaveLength(255);
    expect(cut).toBe(`${'😀'.repeat(254)}…`);
    expect(isLongerThan('😀'.repeat(255), 255)).toBe(false);
    expect(excerpt('আমি বাংলায় গান গাই আমি বাংলার গান গাই', 20)).toBe('আমি বাংলায় গান গাই…');
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

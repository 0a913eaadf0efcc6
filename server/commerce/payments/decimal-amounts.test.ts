import fc from 'fast-check';
import { amountToPaisa, MAX_PAISA, paisaToAmount } from './decimal-amounts';

// The providers' decimal strings of taka and our integer paisa, converted exactly both ways.
describe('decimal amounts', () => {
  it('reads taka with up to two decimals as paisa', () => {
    expect(amountToPaisa('850.00')).toBe(85000);
    expect(amountToPaisa('850.5')).toBe(85050);
    expect(amountToPaisa('850.05')).toBe(85005);
    expect(amountToPaisa('15')).toBe(1500);
    expect(amountToPaisa('0.01')).toBe(1);
    expect(amountToPaisa('0.07')).toBe(7);
    expect(amountToPaisa('0')).toBe(0);
    // 0.1 + 0.2 style drift cannot happen: no floating point division or multiplication of fractions.
    expect(amountToPaisa('1234567.89')).toBe(123456789);
    expect(amountToPaisa('9999999999999.99')).toBe(MAX_PAISA);
  });

  it('refuses more than two decimals, signs, exponents, spaces and other digits', () => {
    for (const amount of ['850.001', '850.000', '-850.00', '-1', '+1', '850.', '.5', '1e3', ' 850', '850 ', '', 'NaN', '0x10', '８５０', '850,00', '10000000000000']) {
      expect(amountToPaisa(amount)).toBeNull();
    }
  });

  it('writes paisa as taka with two decimals', () => {
    expect(paisaToAmount(85000)).toBe('850.00');
    expect(paisaToAmount(85050)).toBe('850.50');
    expect(paisaToAmount(1)).toBe('0.01');
    expect(paisaToAmount(0)).toBe('0.00');
    expect(paisaToAmount(MAX_PAISA)).toBe('9999999999999.99');
  });

  it('throws for anything that is not a whole number of paisa in range', () => {
    for (const paisa of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_PAISA + 1, Number.MAX_SAFE_INTEGER]) {
      expect(() => paisaToAmount(paisa)).toThrow(RangeError);
    }
  });

  it('round-trips every amount in range', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_PAISA }), (paisa) => amountToPaisa(paisaToAmount(paisa)) === paisa));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999_999 }), fc.integer({ min: 0, max: 99 }), (taka, cents) => {
        const written = `${taka}.${String(cents).padStart(2, '0')}`;
        return paisaToAmount(amountToPaisa(written) ?? -1) === written;
      }),
    );
  });
});

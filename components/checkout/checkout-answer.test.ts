import { readCheckoutAnswer } from './checkout-answer';

// The payment page reads the checkout endpoints' answer defensively: an amount-off code's currency
// comes through (the page words "৳100 off"), and a server that names none means dollars.

function answerWith(discount: unknown) {
  return readCheckoutAnswer({
    listPriceCents: 1999,
    priceCents: 1999,
    listPricePaisa: 85_000,
    pricePaisa: 75_000,
    promo: { code: 'TAKA100', discountCents: 0, discountPaisa: 10_000, description: '৳100 off', discount },
    free: false,
    clientSecret: 'pi_x_secret_y',
  });
}

describe('readCheckoutAnswer', () => {
  it('keeps an amount-off code’s currency, dollars when none is named, and drops malformed terms', () => {
    expect(answerWith({ kind: 'amount', amountCents: 10_000, currency: 'bdt' })?.promo).toEqual({
      code: 'TAKA100',
      discountCents: 0,
      discountPaisa: 10_000,
      description: '৳100 off',
      discount: { kind: 'amount', amountCents: 10_000, currency: 'bdt' },
    });
    expect(answerWith({ kind: 'amount', amountCents: 500 })?.promo?.discount).toEqual({ kind: 'amount', amountCents: 500, currency: 'usd' });
    // A currency the page does not know: no terms (the server's English words are shown instead).
    expect(answerWith({ kind: 'amount', amountCents: 500, currency: 'eur' })?.promo?.discount).toBeNull();
    expect(answerWith({ kind: 'percent', percent: 10 })?.promo?.discount).toEqual({ kind: 'percent', percent: 10 });
    expect(answerWith({ kind: 'amount', amountCents: '500' })?.promo?.discount).toBeNull();
  });
});

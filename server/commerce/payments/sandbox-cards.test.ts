import { CARD_MESSAGES, checkTestCard } from './sandbox-cards';
import { englishText } from '@/server/platform/english-text';

// Stripe's test-card rules as the sandbox applies them (https://docs.stripe.com/testing).
const NOW = new Date(Date.UTC(2026, 5, 15));
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  ...overrides,
});
const messageOf = (overrides: Parameters<typeof card>[0]) => {
  const result = checkTestCard(card(overrides), NOW);
  // The card's message in the words Stripe uses, as the API answers it.
  return result.ok ? 'ok' : englishText(result.message);
};

describe('checkTestCard', () => {
  it('lets the success test cards through', () => {
    expect(messageOf({})).toBe('ok');
    expect(messageOf({ number: '5555555555554444' })).toBe('ok');
    expect(messageOf({ number: '3782 822463 10005', cvc: '1234' })).toBe('ok');
    expect(messageOf({ expiry: '06/26' })).toBe('ok');
    expect(messageOf({ expiry: '12/2030' })).toBe('ok');
  });

  it('answers the declines with Stripe’s wording', () => {
    expect(messageOf({ number: '4000 0000 0000 0002' })).toBe('Your card was declined.');
    expect(messageOf({ number: '4000 0000 0000 9995' })).toBe('Your card has insufficient funds.');
    expect(messageOf({ number: '4000000000000069' })).toBe('Your card has expired.');
    expect(messageOf({ number: '4000000000000127' })).toBe("Your card's security code is incorrect.");
  });

  it('rejects bad numbers', () => {
    expect(messageOf({ number: '4242 4242 4242 4241' })).toBe('Your card number is invalid.');
    expect(messageOf({ number: '4242 4242' })).toBe('Your card number is incomplete.');
    expect(messageOf({ number: '' })).toBe('Your card number is incomplete.');
    expect(messageOf({ number: '4242-abcd-4242-4242' })).toBe('Your card number is invalid.');
    expect(messageOf({ number: '42424242424242424242' })).toBe('Your card number is invalid.');
  });

  it('rejects past or incomplete expiry dates', () => {
    expect(messageOf({ expiry: '12/25' })).toBe("Your card's expiration year is in the past.");
    expect(messageOf({ expiry: '05/26' })).toBe("Your card's expiration date is in the past.");
    expect(messageOf({ expiry: '1' })).toBe("Your card's expiration date is incomplete.");
    expect(messageOf({ expiry: '' })).toBe("Your card's expiration date is incomplete.");
    expect(messageOf({ expiry: '13/30' })).toBe("Your card's expiration date is incomplete.");
    expect(messageOf({ expiry: '01/99' })).toBe(englishText(CARD_MESSAGES.invalidExpiryYear));
  });

  it('rejects incomplete security codes', () => {
    expect(messageOf({ cvc: '12' })).toBe("Your card's security code is incomplete.");
    expect(messageOf({ cvc: '' })).toBe("Your card's security code is incomplete.");
    expect(messageOf({ number: '378282246310005', cvc: '123' })).toBe("Your card's security code is incomplete.");
  });

  it('checks the number first, then the expiry, then the security code, as Stripe Elements does', () => {
    expect(messageOf({ number: '4242', expiry: '01/20', cvc: '' })).toBe('Your card number is incomplete.');
    expect(messageOf({ expiry: '01/20', cvc: '' })).toBe("Your card's expiration year is in the past.");
  });

  it('declines real (non-test) card numbers as Stripe test mode does', () => {
    expect(messageOf({ number: '4111 1111 1111 1111' })).toBe(englishText(CARD_MESSAGES.liveCardInTestMode));
  });
});

import 'server-only';

// Stripe's test-card rules (https://docs.stripe.com/testing), applied on the server by the sandbox
// gateway. Messages are Stripe's own wording: the buyer sees exactly what Stripe Elements would show.
// First the checks Stripe.js makes in the browser (number, expiry, CVC), then the card's outcome.

export type CardDetails = { number: string; expiry: string; cvc: string };

export type CardCheck = { ok: true } | { ok: false; code: string; message: string };

export const CARD_MESSAGES = {
  incompleteNumber: 'yourCardNumberIsIncomplete',
  invalidNumber: 'yourCardNumberIsInvalid',
  incompleteExpiry: 'yourCardSExpirationDateIsIncomplete',
  pastExpiryYear: 'yourCardSExpirationYearIsInThePast',
  pastExpiryDate: 'yourCardSExpirationDateIsInThePast',
  invalidExpiryYear: 'yourCardSExpirationYearIsInvalid',
  incompleteCvc: 'yourCardSSecurityCodeIsIncomplete',
  declined: 'yourCardWasDeclined',
  insufficientFunds: 'yourCardHasInsufficientFunds',
  expiredCard: 'yourCardHasExpired',
  incorrectCvc: 'yourCardSSecurityCodeIsIncorrect',
  processingError: 'anErrorOccurredWhileProcessingYourCardTryAgainInALittle',
  liveCardInTestMode:
    'yourCardWasDeclinedYourRequestWasInTestModeButUsed',
} as const;

/** Test numbers that succeed (Visa, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
const SUCCEEDING_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

/** Test numbers that fail at the bank, with the decline Stripe reports. */
const FAILING_CARDS: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: CARD_MESSAGES.declined },
  '4000000000009995': { code: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: CARD_MESSAGES.declined },
  '4000000000009979': { code: 'stolen_card', message: CARD_MESSAGES.declined },
  '4000000000000069': { code: 'expired_card', message: CARD_MESSAGES.expiredCard },
  '4000000000000127': { code: 'incorrect_cvc', message: CARD_MESSAGES.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: CARD_MESSAGES.processingError },
};

function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** How many digits a complete number of this brand has (Amex 15, Diners 14, the rest 16). */
function expectedLength(digits: string): number {
  if (/^3[47]/.test(digits)) return 15;
  if (/^36/.test(digits)) return 14;
  return 16;
}

function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

function checkNumber(raw: string): CardCheck {
  const digits = digitsOf(raw);
  if (!/^\d*$/.test(digits)) return { ok: false, code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  const expected = expectedLength(digits);
  if (digits.length < expected) return { ok: false, code: 'incomplete_number', message: CARD_MESSAGES.incompleteNumber };
  // Visa and UnionPay also come in 19 digits; anything else past the brand's length is wrong.
  const maxLength = /^(4|62)/.test(digits) ? 19 : expected;
  if (digits.length > maxLength || !passesLuhn(digits)) {
    return { ok: false, code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  }
  return { ok: true };
}

/** "MM/YY", "MM / YY" or "MM/YYYY", judged against `now` (cards are valid through their month's end). */
function checkExpiry(raw: string, now: Date): CardCheck {
  const incomplete: CardCheck = { ok: false, code: 'incomplete_expiry', message: CARD_MESSAGES.incompleteExpiry };
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (!match) return incomplete;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  if (month < 1 || month > 12) return incomplete;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear) return { ok: false, code: 'invalid_expiry_year_past', message: CARD_MESSAGES.pastExpiryYear };
  if (year > currentYear + 50) return { ok: false, code: 'invalid_expiry_year', message: CARD_MESSAGES.invalidExpiryYear };
  if (year === currentYear && month < currentMonth) {
    return { ok: false, code: 'invalid_expiry_month_past', message: CARD_MESSAGES.pastExpiryDate };
  }
  return { ok: true };
}

function checkCvc(raw: string, number: string): CardCheck {
  const cvc = raw.trim();
  const length = isAmex(digitsOf(number)) ? 4 : 3;
  if (!new RegExp(`^\\d{${length}}$`).test(cvc)) return { ok: false, code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc };
  return { ok: true };
}

/** The outcome Stripe gives this card in test mode. */
export function checkTestCard(card: CardDetails, now: Date = new Date()): CardCheck {
  for (const check of [checkNumber(card.number), checkExpiry(card.expiry, now), checkCvc(card.cvc, card.number)]) {
    if (!check.ok) return check;
  }
  const digits = digitsOf(card.number);
  const failure = FAILING_CARDS[digits];
  if (failure) return { ok: false, ...failure };
  if (SUCCEEDING_CARDS.has(digits)) return { ok: true };
  return { ok: false, code: 'card_declined', message: CARD_MESSAGES.liveCardInTestMode };
}

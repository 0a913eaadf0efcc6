import { coded } from './coded-message';
import type { CodedMessage, ErrorCode } from './coded-message';
import { LIST_PAGES } from './catalogue';
import type { CourseList } from './catalogue';
import { formatDate } from './format';
import { formatMoney } from './money';
import type { Currency, Money } from './money';

// Promo codes as buyers and admins see them: the normalized form codes are stored and
// looked up in, the discount arithmetic, and the words for every refusal. Shared by the server
// (server/commerce/promo-codes.ts decides) and the screens (which only show what the server answered).

/** Codes are case-insensitive: stored and looked up upper-cased, without surrounding spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMO_CODE_RULE = 'promoCodesHave3To32LettersDigitsDashesOrUnderscores';
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
/** What may be typed: the same, in either case, with spaces around it. */
export const PROMO_CODE_INPUT_PATTERN = /^\s*[A-Za-z0-9][A-Za-z0-9_-]{2,31}\s*$/;

/**
 * Stripe charges a card at least $0.50: a discount that would leave less (but more than nothing)
 * leaves $0.50 instead. Only a discount of the whole price makes an order free.
 */
export const MIN_CARD_CHARGE_CENTS = 50;

/** The least a payment may charge in each currency (SSLCommerz takes at least ৳10). */
export const MIN_CHARGE: Record<Currency, number> = { usd: MIN_CARD_CHARGE_CENTS, bdt: 1000 };

/**
 * A percent code works in every currency. An amount-off code has a currency and takes its amount
 * off payments in that currency only: a taka code off bKash and SSLCommerz payments, a dollar code
 * off card payments; payments in the other currency pay the full price.
 */
export type PromoDiscount =
  | { kind: 'percent'; percent: number }
  | {
      kind: 'amount';
      /** The amount off in minor units of `currency`: cents for dollars, paisa for taka (the name is older than taka codes). */
      amountCents: number;
      /** The currency of the amount, and of the payments it applies to. Unset: dollars (every code stored before taka codes). */
      currency?: 'usd' | 'bdt';
    };

/** An amount-off code's amount as money (an unset currency is dollars). */
export function amountOffOf(discount: Extract<PromoDiscount, { kind: 'amount' }>): Money {
  return { currency: discount.currency ?? 'usd', minor: discount.amountCents };
}

/** What the code takes off `list`, in its minor unit (never more than the price, never leaving less than MIN_CHARGE but more than nothing). */
export function discountFor(discount: PromoDiscount, list: Money): number {
  const percentOff = discount.kind === 'percent' ? Math.round((list.minor * discount.percent) / 100) : 0;
  const off = discount.kind === 'amount' ? (amountOffOf(discount).currency === list.currency ? discount.amountCents : 0) : percentOff;
  let price = Math.max(0, list.minor - off);
  const least = MIN_CHARGE[list.currency];
  if (price > 0 && price < least) price = Math.min(list.minor, least);
  return list.minor - price;
}

/** What the code takes off `listPriceCents`, in cents. */
export function discountCentsFor(discount: PromoDiscount, listPriceCents: number): number {
  return discountFor(discount, { currency: 'usd', minor: listPriceCents });
}

/** The API's words for a discount: "10% off", "$5.00 off", "৳100 off". */
export function describeDiscount(discount: PromoDiscount): string {
  return discount.kind === 'percent' ? `${discount.percent}% off` : `${formatMoney(amountOffOf(discount))} off`;
}

export type PromoScope =
  | { kind: 'all' }
  | { kind: 'courses' }
  | { kind: 'books' }
  | { kind: 'items'; itemIds: string[] }
  | { kind: 'lists'; lists: CourseList[] };

export const PROMO_SCOPE_KINDS = ['all', 'courses', 'books', 'items', 'lists'] as const;
export type PromoScopeKind = (typeof PROMO_SCOPE_KINDS)[number];

export const PROMO_SCOPE_LABELS: Record<PromoScopeKind, string> = {
  all: 'Every course and book',
  courses: 'Every course',
  books: 'Every book',
  items: 'Chosen courses and books',
  lists: 'Courses of chosen lists',
};

export function courseListLabel(list: CourseList): string {
  return LIST_PAGES.find((page) => page.list === list)?.label ?? list;
}

/** Why a code cannot be used for an order. */
export const PROMO_REFUSALS = ['unknown', 'inactive', 'not-started', 'ended', 'not-applicable', 'used-up', 'buyer-limit'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** The buyer's words for a refusal; `startsAt` for a code that is not valid yet. */
export function promoRefusalMessage(refusal: PromoRefusal, itemKind: 'course' | 'book', startsAt?: Date | null): CodedMessage {
  switch (refusal) {
    case 'unknown':
      return 'thisPromoCodeDoesNotExistCheckTheSpellingAndTryAgain';
    case 'inactive':
      return 'thisPromoCodeIsNoLongerActive';
    case 'not-started':
      return startsAt ? coded('thisPromoCodeIsNotValidYetItCanBeUsedFrom', { date: formatDate(startsAt, 'short') }) : 'thisPromoCodeIsNotValidYet';
    case 'ended':
      return 'thisPromoCodeHasExpired';
    case 'not-applicable':
      return itemKind === 'course' ? 'thisPromoCodeCannotBeUsedForThisCourse' : 'thisPromoCodeCannotBeUsedForThisBook';
    case 'used-up':
      return 'thisPromoCodeHasBeenUsedUp';
    case 'buyer-limit':
      return 'youHaveAlreadyUsedThisPromoCodeAsManyTimesAsIt';
  }
}

/**
 * Each reason a code lapses, as its key in the `promoCode.lapseReasons` messages and as the
 * `reason` the `errors` messages' `promoLapsed…` texts choose by.
 */
export const LAPSE_REASON_KEYS = {
  unknown: 'withdrawn',
  inactive: 'withdrawn',
  'not-started': 'notStarted',
  ended: 'ended',
  'not-applicable': 'notApplicable',
  'used-up': 'usedUp',
  'buyer-limit': 'buyerLimit',
} as const satisfies Record<PromoRefusal, string>;

const LAPSE_NOTICES = { alone: 'promoLapsed', reloadToPayByCard: 'promoLapsedReloadToPayByCard', priceChanged: 'promoLapsedPriceIsNow' } as const satisfies Record<string, ErrorCode>;

/** What a buyer is told when a code they had applied no longer applies when they come to pay. */
export function lapsedPromoNotice(code: string, refusal: PromoRefusal, then: keyof typeof LAPSE_NOTICES = 'alone', price?: string): CodedMessage {
  return coded(LAPSE_NOTICES[then], { code, reason: LAPSE_REASON_KEYS[refusal], ...(price ? { price } : {}) });
}

export type PromoLapse = { code: string; refusal: PromoRefusal };

export const PROMO_TOO_MANY_TRIES: ErrorCode = 'tooManyPromoCodeAttemptsPleaseWaitAFewMinutesAndTry';

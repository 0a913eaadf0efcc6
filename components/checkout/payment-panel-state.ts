// What the payment panel holds between renders and how each step changes it: the server's checkout
// answer, the method chosen, a promo code applied or removed, a payment recorded or refused, and a
// free order completed. Pure, so every transition can be checked without a browser;
// ./use-payment-panel.ts runs it against the checkout endpoints.
import type { Currency } from '@/lib/money';
import { METHOD_CURRENCY } from '@/lib/payment-methods';
import type { PaymentMethod } from '@/lib/payment-methods';
import type { PromoLapse } from '@/lib/promo-codes';
import type { CheckoutAnswer, CheckoutPromo, Failure } from './checkout-answer';

/** What the server answered about the code, worded when shown: applied, removed, or that it lapsed (`lapse` null: only the English notice came). */
export type PromoMessage =
  | { kind: 'applied'; code: string; answer: CheckoutAnswer }
  | { kind: 'removed'; answer: CheckoutAnswer }
  | { kind: 'notice'; notice: string; lapse: PromoLapse | null };

/** `free`: completed without a card; `byPromo`: because a promo code took the whole price (else the item is free). */
export type Completed = { transactionId: string; free: boolean; byPromo: boolean };

export type PaymentPanelState = {
  /** The server's latest answer; null until the payment intent is made. */
  checkout: CheckoutAnswer | null;
  /** The list price the server answered when it differs from the one the page showed. */
  changedPriceCents: number | null;
  error: Failure | null;
  promoError: Failure | null;
  promoMessage: PromoMessage | null;
  promoBusy: boolean;
  freeBusy: boolean;
  completed: Completed | null;
  method: PaymentMethod;
};

export type PaymentPanelAction =
  | { type: 'intentAnswered'; answer: CheckoutAnswer; pagePriceCents: number }
  | { type: 'intentFailed'; failure: Failure }
  | { type: 'methodChosen'; method: PaymentMethod }
  | { type: 'promoRequested' }
  | { type: 'promoAnswered'; answer: CheckoutAnswer }
  | { type: 'promoFailed'; failure: Failure }
  | { type: 'paymentRecording' }
  | { type: 'paymentRecorded'; transactionId: string }
  | { type: 'paymentFailed'; failure: Failure }
  | { type: 'freeRequested' }
  | { type: 'freeCompleted'; transactionId: string }
  | { type: 'freeFailed'; failure: Failure };

export function initialState(method: PaymentMethod): PaymentPanelState {
  return { checkout: null, changedPriceCents: null, error: null, promoError: null, promoMessage: null, promoBusy: false, freeBusy: false, completed: null, method };
}

export function reducer(state: PaymentPanelState, action: PaymentPanelAction): PaymentPanelState {
  switch (action.type) {
    case 'intentAnswered': {
      const { answer } = action;
      return {
        ...state,
        checkout: answer,
        // The price changed between the page and the intent: the buyer sees the new one before paying.
        changedPriceCents: answer.listPriceCents !== action.pagePriceCents ? answer.listPriceCents : state.changedPriceCents,
        // A code applied earlier that no longer applies: the buyer is told why the total went up.
        promoMessage: answer.promoNotice ? { kind: 'notice', notice: answer.promoNotice, lapse: answer.promoLapse } : state.promoMessage,
      };
    }
    case 'intentFailed':
    case 'paymentFailed':
      return { ...state, error: action.failure };
    case 'methodChosen':
      return { ...state, method: action.method };
    case 'promoRequested':
      return { ...state, promoBusy: true, promoError: null, promoMessage: null, error: null };
    case 'promoAnswered': {
      const { answer } = action;
      return { ...state, promoBusy: false, checkout: answer, promoMessage: answer.promo ? { kind: 'applied', code: answer.promo.code, answer } : { kind: 'removed', answer } };
    }
    case 'promoFailed':
      return { ...state, promoBusy: false, promoError: action.failure };
    case 'paymentRecording':
      return { ...state, error: null };
    case 'paymentRecorded':
      return { ...state, completed: { transactionId: action.transactionId, free: false, byPromo: false } };
    case 'freeRequested':
      return { ...state, error: null, freeBusy: true };
    case 'freeCompleted':
      return { ...state, freeBusy: false, completed: { transactionId: action.transactionId, free: true, byPromo: paidByPromo(state) } };
    case 'freeFailed':
      return { ...state, freeBusy: false, error: action.failure };
  }
}

/** Nothing to pay because a code took the whole price (rather than the item being free). */
export function paidByPromo(state: PaymentPanelState): boolean {
  return Boolean(state.checkout?.promo);
}

/** The transaction id in complete-free's answer, or null when it holds none. */
export function transactionIdOf(body: unknown): string | null {
  const transactionId = typeof body === 'object' && body !== null && 'transactionId' in body ? body.transactionId : null;
  return typeof transactionId === 'string' ? transactionId : null;
}

/** What the server answered, in the currency of the method chosen now (dollars when the item has no taka price). */
export function inChosenCurrency(answer: CheckoutAnswer, method: PaymentMethod): { currency: Currency; saving: number; total: number } {
  if (METHOD_CURRENCY[method] === 'bdt' && answer.pricePaisa !== null) return { currency: 'bdt', saving: answer.promo?.discountPaisa ?? 0, total: answer.pricePaisa };
  return { currency: 'usd', saving: answer.promo?.discountCents ?? 0, total: answer.priceCents };
}

/** What the page was rendered with, shown until the server's first answer. */
export type PagePrices = { priceCents: number; pricePaisa: number | null; promo: CheckoutPromo | null };

/** The order summary's figures, in minor units of `currency`. */
export type SummaryFigures = { currency: Currency; listPrice: number; total: number; promo: { code: string; discount: number } | null };

export type PriceView = {
  promo: CheckoutPromo | null;
  totalCents: number;
  totalPaisa: number | null;
  /** The chosen method takes taka and the item has a taka price. */
  inTaka: boolean;
  summary: SummaryFigures;
};

/** The prices shown: the server's latest answer, else the page's, in the chosen method's currency. */
export function priceView(state: PaymentPanelState, page: PagePrices): PriceView {
  const { checkout, method } = state;
  const promo = checkout ? checkout.promo : page.promo;
  const listPriceCents = checkout?.listPriceCents ?? page.priceCents;
  const totalCents = checkout?.priceCents ?? listPriceCents - (page.promo?.discountCents ?? 0);
  const listPricePaisa = checkout ? checkout.listPricePaisa : page.pricePaisa;
  const totalPaisa = checkout ? checkout.pricePaisa : listPricePaisa === null ? null : listPricePaisa - (page.promo?.discountPaisa ?? 0);
  if (METHOD_CURRENCY[method] === 'bdt' && listPricePaisa !== null && totalPaisa !== null) {
    return { promo, totalCents, totalPaisa, inTaka: true, summary: { currency: 'bdt', listPrice: listPricePaisa, total: totalPaisa, promo: promo ? { code: promo.code, discount: promo.discountPaisa ?? 0 } : null } };
  }
  return { promo, totalCents, totalPaisa, inTaka: false, summary: { currency: 'usd', listPrice: listPriceCents, total: totalCents, promo: promo ? { code: promo.code, discount: promo.discountCents } : null } };
}

/** Nothing is left to pay (a free item, or a code took the whole price): the order is completed without a card or a redirect. */
export function paysNothing(state: PaymentPanelState, view: Pick<PriceView, 'inTaka' | 'totalPaisa'>): boolean {
  return Boolean(state.checkout?.free) || (view.inTaka && view.totalPaisa === 0);
}

/** The intent's client secret for the card form; none while the amount is being changed, so no card is confirmed at the old one. */
export function cardClientSecret(state: PaymentPanelState): string | null {
  return state.promoBusy ? null : (state.checkout?.clientSecret ?? null);
}

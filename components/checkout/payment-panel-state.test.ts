import type { CheckoutAnswer, CheckoutPromo } from './checkout-answer';
import { cardClientSecret, inChosenCurrency, initialState, paidByPromo, paysNothing, priceView, reducer, transactionIdOf } from './payment-panel-state';
import type { PaymentPanelAction, PaymentPanelState } from './payment-panel-state';

// The payment panel's transitions, as the buyer and the checkout endpoints drive them: the intent
// arriving (or not), a method chosen, a promo code applied or refused, a card payment recorded or
// declined, and a free order completed.

const SAVE10: CheckoutPromo = { code: 'SAVE10', discountCents: 200, discountPaisa: 8_500, description: '10% off', discount: { kind: 'percent', percent: 10 } };

function answer(overrides: Partial<CheckoutAnswer> = {}): CheckoutAnswer {
  return { listPriceCents: 1999, priceCents: 1999, listPricePaisa: 85_000, pricePaisa: 85_000, promo: null, promoNotice: null, promoLapse: null, free: false, clientSecret: 'pi_1_secret_2', ...overrides };
}

const run = (state: PaymentPanelState, ...actions: PaymentPanelAction[]) => actions.reduce(reducer, state);
const page = { priceCents: 1999, pricePaisa: 85_000, promo: null };

describe('the payment intent', () => {
  it('starts with the method the page chose, nothing answered and nothing busy', () => {
    const state = initialState('bkash');
    expect(state).toEqual({ checkout: null, changedPriceCents: null, error: null, promoError: null, promoMessage: null, promoBusy: false, freeBusy: false, completed: null, method: 'bkash' });
    expect(cardClientSecret(state)).toBeNull();
  });

  it('takes the server’s answer and hands its client secret to the card form', () => {
    const intent = answer();
    const state = reducer(initialState('card'), { type: 'intentAnswered', answer: intent, pagePriceCents: 1999 });
    expect(state.checkout).toBe(intent);
    expect(state.changedPriceCents).toBeNull();
    expect(state.promoMessage).toBeNull();
    expect(cardClientSecret(state)).toBe('pi_1_secret_2');
  });

  it('tells the buyer when the price changed since the page was shown', () => {
    const state = reducer(initialState('card'), { type: 'intentAnswered', answer: answer({ listPriceCents: 2499, priceCents: 2499 }), pagePriceCents: 1999 });
    expect(state.changedPriceCents).toBe(2499);
  });

  it('tells the buyer why a code applied earlier no longer applies', () => {
    const lapsed = answer({ promoNotice: 'The code SAVE10 has ended.', promoLapse: { code: 'SAVE10', refusal: 'ended' } });
    const state = reducer(initialState('card'), { type: 'intentAnswered', answer: lapsed, pagePriceCents: 1999 });
    expect(state.promoMessage).toEqual({ kind: 'notice', notice: 'The code SAVE10 has ended.', lapse: { code: 'SAVE10', refusal: 'ended' } });
  });

  it('shows why the intent could not be made, and the card form stays disabled', () => {
    const state = reducer(initialState('card'), { type: 'intentFailed', failure: { key: 'networkReload' } });
    expect(state.error).toEqual({ key: 'networkReload' });
    expect(state.checkout).toBeNull();
    expect(cardClientSecret(state)).toBeNull();
  });
});

describe('choosing a method', () => {
  it('shows the prices in the chosen method’s currency, dollars when the item has no taka price', () => {
    const answered = reducer(initialState('card'), { type: 'intentAnswered', answer: answer({ promo: SAVE10, priceCents: 1799, pricePaisa: 76_500 }), pagePriceCents: 1999 });
    expect(priceView(answered, page)).toMatchObject({ inTaka: false, summary: { currency: 'usd', listPrice: 1999, total: 1799, promo: { code: 'SAVE10', discount: 200 } } });

    const inBkash = reducer(answered, { type: 'methodChosen', method: 'bkash' });
    expect(inBkash.method).toBe('bkash');
    expect(priceView(inBkash, page)).toMatchObject({ inTaka: true, totalPaisa: 76_500, summary: { currency: 'bdt', listPrice: 85_000, total: 76_500, promo: { code: 'SAVE10', discount: 8_500 } } });
    expect(inChosenCurrency(answered.checkout ?? answer(), 'bkash')).toEqual({ currency: 'bdt', saving: 8_500, total: 76_500 });

    const noTaka = reducer(inBkash, { type: 'intentAnswered', answer: answer({ listPricePaisa: null, pricePaisa: null }), pagePriceCents: 1999 });
    expect(priceView(noTaka, page)).toMatchObject({ inTaka: false, summary: { currency: 'usd' } });
    expect(inChosenCurrency(answer({ pricePaisa: null }), 'bkash')).toEqual({ currency: 'usd', saving: 0, total: 1999 });
  });

  it('shows the page’s prices, less the code it was rendered with, until the server answers', () => {
    const view = priceView(initialState('sslcommerz'), { priceCents: 1999, pricePaisa: 85_000, promo: SAVE10 });
    expect(view).toMatchObject({ promo: SAVE10, totalCents: 1799, totalPaisa: 76_500, inTaka: true });
    expect(priceView(initialState('card'), { priceCents: 1999, pricePaisa: null, promo: null })).toMatchObject({ totalCents: 1999, totalPaisa: null, inTaka: false });
  });
});

describe('a promo code', () => {
  const ready = () => run(initialState('card'), { type: 'intentAnswered', answer: answer(), pagePriceCents: 1999 }, { type: 'paymentFailed', failure: { key: 'paymentFailed' } });

  it('holds the card form back while the amount changes, and clears earlier messages', () => {
    const requested = reducer(ready(), { type: 'promoRequested' });
    expect(requested).toMatchObject({ promoBusy: true, promoError: null, promoMessage: null, error: null });
    expect(cardClientSecret(requested)).toBeNull();
  });

  it('applied: the new total and the intent at it, and says the code was applied', () => {
    const applied = answer({ promo: SAVE10, priceCents: 1799, clientSecret: 'pi_1_secret_3' });
    const state = run(ready(), { type: 'promoRequested' }, { type: 'promoAnswered', answer: applied });
    expect(state.promoBusy).toBe(false);
    expect(state.checkout).toBe(applied);
    expect(state.promoMessage).toEqual({ kind: 'applied', code: 'SAVE10', answer: applied });
    expect(cardClientSecret(state)).toBe('pi_1_secret_3');
    expect(paidByPromo(state)).toBe(true);
  });

  it('removed: says so with the total back at the list price', () => {
    const removed = answer();
    const state = run(ready(), { type: 'promoRequested' }, { type: 'promoAnswered', answer: removed });
    expect(state.promoMessage).toEqual({ kind: 'removed', answer: removed });
    expect(paidByPromo(state)).toBe(false);
  });

  it('refused: shows why beside the field and keeps the order as it was, so another code can be tried', () => {
    const before = ready();
    const refused = run(before, { type: 'promoRequested' }, { type: 'promoFailed', failure: { message: 'That code has ended.' } });
    expect(refused).toMatchObject({ promoBusy: false, promoError: { message: 'That code has ended.' }, promoMessage: null });
    expect(refused.checkout).toBe(before.checkout);
    expect(cardClientSecret(refused)).toBe('pi_1_secret_2');

    const retried = reducer(refused, { type: 'promoRequested' });
    expect(retried.promoError).toBeNull();
  });
});

describe('paying by card', () => {
  const ready = () => reducer(initialState('card'), { type: 'intentAnswered', answer: answer(), pagePriceCents: 1999 });

  it('a declined card shows the provider’s message, and paying again clears it', () => {
    const declined = reducer(ready(), { type: 'paymentFailed', failure: { message: 'Your card was declined.' } });
    expect(declined.error).toEqual({ message: 'Your card was declined.' });
    expect(declined.completed).toBeNull();
    expect(reducer(declined, { type: 'paymentRecording' }).error).toBeNull();
  });

  it('a payment the server could not verify stays unpaid, with the server’s reason', () => {
    const state = run(ready(), { type: 'paymentRecording' }, { type: 'paymentFailed', failure: { key: 'verifyFailed' } });
    expect(state).toMatchObject({ error: { key: 'verifyFailed' }, completed: null });
  });

  it('a recorded payment completes the order with its transaction id', () => {
    const state = run(ready(), { type: 'paymentRecording' }, { type: 'paymentRecorded', transactionId: 'pi_1' });
    expect(state.completed).toEqual({ transactionId: 'pi_1', free: false, byPromo: false });
    expect(state.error).toBeNull();
  });
});

describe('nothing to pay', () => {
  it('a free item, or a code that takes the whole taka price, is completed without a card', () => {
    const free = reducer(initialState('card'), { type: 'intentAnswered', answer: answer({ free: true, priceCents: 0, pricePaisa: 0 }), pagePriceCents: 1999 });
    expect(paysNothing(free, priceView(free, page))).toBe(true);

    const zeroTaka = reducer(initialState('bkash'), { type: 'intentAnswered', answer: answer({ pricePaisa: 0 }), pagePriceCents: 1999 });
    expect(paysNothing(zeroTaka, priceView(zeroTaka, page))).toBe(true);
    // The same order paid by card is charged in dollars, which are not covered.
    const byCard = reducer(zeroTaka, { type: 'methodChosen', method: 'card' });
    expect(paysNothing(byCard, priceView(byCard, page))).toBe(false);
  });

  it('completing is busy until the server answers, then says whether the code covered the price', () => {
    const covered = reducer(initialState('card'), { type: 'intentAnswered', answer: answer({ free: true, promo: { ...SAVE10, discountCents: 1999 }, priceCents: 0 }), pagePriceCents: 1999 });
    const requested = reducer({ ...covered, error: { key: 'completeFailed' } }, { type: 'freeRequested' });
    expect(requested).toMatchObject({ freeBusy: true, error: null });
    const done = reducer(requested, { type: 'freeCompleted', transactionId: 'free_1' });
    expect(done).toMatchObject({ freeBusy: false, completed: { transactionId: 'free_1', free: true, byPromo: true } });

    const freeItem = reducer(initialState('card'), { type: 'intentAnswered', answer: answer({ free: true, priceCents: 0 }), pagePriceCents: 1999 });
    expect(run(freeItem, { type: 'freeRequested' }, { type: 'freeCompleted', transactionId: 'free_2' }).completed).toEqual({ transactionId: 'free_2', free: true, byPromo: false });
  });

  it('a refused completion shows why and can be tried again', () => {
    const failed = run(initialState('card'), { type: 'freeRequested' }, { type: 'freeFailed', failure: { key: 'networkCheckOrders' } });
    expect(failed).toMatchObject({ freeBusy: false, error: { key: 'networkCheckOrders' }, completed: null });
    expect(reducer(failed, { type: 'freeRequested' })).toMatchObject({ freeBusy: true, error: null });
  });

  it('reads the transaction id only when the server sent one as text', () => {
    expect(transactionIdOf({ transactionId: 'free_1' })).toBe('free_1');
    expect(transactionIdOf({ transactionId: 42 })).toBeNull();
    expect(transactionIdOf({})).toBeNull();
    expect(transactionIdOf(null)).toBeNull();
  });
});

'use client';

import { useRouter } from '@/i18n/navigation';
import { useCallback, useEffect, useReducer } from 'react';
import type { PaymentMethod } from '@/lib/payment-methods';
import { failureOf, readCheckoutAnswer } from './checkout-answer';
import type { Failure } from './checkout-answer';
import { initialState, reducer, transactionIdOf } from './payment-panel-state';

/**
 * The payment panel's state (./payment-panel-state.ts) with its calls to the checkout endpoints:
 * the payment intent when the panel opens, a promo code applied or removed, a card payment
 * recorded, and a free order completed. `pagePriceCents`: the list price the page showed.
 */
export function usePaymentPanel({ orderId, pagePriceCents, initialMethod }: { orderId: string; pagePriceCents: number; initialMethod: PaymentMethod }) {
  const [state, dispatch] = useReducer(reducer, initialMethod, initialState);
  const router = useRouter();

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/create-payment-intent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const body: unknown = await response.json().catch(() => ({}));
        const answer = response.ok ? readCheckoutAnswer(body) : null;
        dispatch(answer ? { type: 'intentAnswered', answer, pagePriceCents } : { type: 'intentFailed', failure: failureOf(body, 'startFailed') });
      })
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: 'intentFailed', failure: { key: 'networkReload' } });
      });
    return () => controller.abort();
  }, [orderId, pagePriceCents]);

  const changePromo = useCallback(
    async (code: string | null) => {
      dispatch({ type: 'promoRequested' });
      try {
        const response = await fetch(`/api/order/${orderId}/promo`, {
          method: code === null ? 'DELETE' : 'POST',
          headers: { 'Content-Type': 'application/json' },
          ...(code === null ? {} : { body: JSON.stringify({ code }) }),
        });
        const body: unknown = await response.json().catch(() => ({}));
        const answer = response.ok ? readCheckoutAnswer(body) : null;
        if (!answer) {
          dispatch({ type: 'promoFailed', failure: failureOf(body, 'promoFailed') });
          return;
        }
        dispatch({ type: 'promoAnswered', answer });
        // The page's header shows the price to pay: the server renders it again with the code.
        router.refresh();
      } catch {
        dispatch({ type: 'promoFailed', failure: { key: 'networkRetry' } });
      }
    },
    [orderId, router],
  );

  /** The provider says the card was charged; the server checks that with the provider before anything is marked paid. */
  const recordPayment = useCallback(
    async (paymentIntentId: string) => {
      dispatch({ type: 'paymentRecording' });
      try {
        const response = await fetch(`/api/enrollCourse/${orderId}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ transactionId: paymentIntentId }),
        });
        if (!response.ok) {
          dispatch({ type: 'paymentFailed', failure: failureOf(await response.json().catch(() => ({})), 'verifyFailed') });
          return;
        }
        dispatch({ type: 'paymentRecorded', transactionId: paymentIntentId });
      } catch {
        dispatch({ type: 'paymentFailed', failure: { key: 'networkAfterPayment' } });
      }
    },
    [orderId],
  );

  /** Nothing to pay (a free item, or a code took the whole price): the server checks that again and completes the order without a card. */
  const completeFree = useCallback(async () => {
    dispatch({ type: 'freeRequested' });
    try {
      const response = await fetch(`/api/order/${orderId}/complete-free`, { method: 'POST' });
      const body: unknown = await response.json().catch(() => ({}));
      const transactionId = transactionIdOf(body);
      if (!response.ok || transactionId === null) {
        dispatch({ type: 'freeFailed', failure: failureOf(body, 'completeFailed') });
        return;
      }
      dispatch({ type: 'freeCompleted', transactionId });
    } catch {
      dispatch({ type: 'freeFailed', failure: { key: 'networkCheckOrders' } });
    }
  }, [orderId]);

  const fail = useCallback((failure: Failure) => dispatch({ type: 'paymentFailed', failure }), []);
  const chooseMethod = useCallback((method: PaymentMethod) => dispatch({ type: 'methodChosen', method }), []);

  return { state, changePromo, recordPayment, completeFree, fail, chooseMethod };
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Link, useRouter } from '@/i18n/navigation';
import { useCallback, useEffect, useState } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { formatPrice } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/money';
import { METHOD_CURRENCY } from '@/lib/payment-methods';
import { routes } from '@/lib/routes';
import type { PaymentMethod } from '@/lib/payment-methods';
import type { PromoLapse } from '@/lib/promo-codes';
import { LAPSE_REASON_KEYS, failureOf, readCheckoutAnswer } from './checkout-answer';
import type { CheckoutAnswer, CheckoutPromo, Failure } from './checkout-answer';
import { OrderSummary } from './order-summary';
import { MethodChoice } from './method-choice';
import { PromoCodeForm } from './promo-code-form';
import { RedirectPayButton } from './redirect-pay-button';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe Elements are only downloaded when Stripe is the gateway.
const StripeCardForm = dynamic(() => import('./stripe-card-form').then((module) => module.StripeCardForm), { ssr: false });

/**
 * `priceCents`, `pricePaisa`: the catalogue prices the page showed (taka null: none); `promo`: the
 * code the order held when the page was rendered. `methods`: the ways this server takes money, the
 * first chosen `initialMethod`. The card intent is made at the price the server computes at that moment.
 * `item`: what the order buys; once it is paid the buyer goes into it (routes.afterPurchase).
 */
type Props = {
  orderId: string;
  priceCents: number;
  pricePaisa: number | null;
  promo: CheckoutPromo | null;
  stripePublishableKey: string | null;
  methods: PaymentMethod[];
  initialMethod: PaymentMethod;
  item: { id: string; kind: 'course' | 'book' };
};

/** What the server answered about the code, worded when shown: applied, removed, or that it lapsed (`lapse` null: only the English notice came). */
type PromoMessage =
  | { kind: 'applied'; code: string; answer: CheckoutAnswer }
  | { kind: 'removed'; answer: CheckoutAnswer }
  | { kind: 'notice'; notice: string; lapse: PromoLapse | null };

/** `free`: completed without a card; `byPromo`: because a promo code took the whole price (else the item is free). */
type Completed = { transactionId: string; free: boolean; byPromo: boolean };

/**
 * docs/product.md §4 Payment: get the intent's client secret (Confirm Payment stays disabled until then),
 * confirm the card, then have the server verify the payment with the provider and fulfil. A promo
 * code is applied or removed on the server, which answers the discount, the new total and the
 * same intent at the new amount; a code that covers the whole price completes the order without a card.
 */
export function PaymentPanel({ orderId, priceCents, pricePaisa, promo: initialPromo, stripePublishableKey, methods, initialMethod, item }: Props) {
  const t = useTranslations('payment');
  const promoT = useTranslations('promoCode');
  const locale = useLocale();
  const errorText = useErrorText();
  const [checkout, setCheckout] = useState<CheckoutAnswer | null>(null);
  const [changedPriceCents, setChangedPriceCents] = useState<number | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const [promoError, setPromoError] = useState<Failure | null>(null);
  const [promoMessage, setPromoMessage] = useState<PromoMessage | null>(null);
  const [promoBusy, setPromoBusy] = useState(false);
  const [freeBusy, setFreeBusy] = useState(false);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const [method, setMethod] = useState<PaymentMethod>(initialMethod);
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
        if (!answer) {
          setError(failureOf(body, 'startFailed'));
          return;
        }
        // The price changed between the page and the intent: the buyer sees the new one before paying.
        if (answer.listPriceCents !== priceCents) setChangedPriceCents(answer.listPriceCents);
        // A code applied earlier that no longer applies: the buyer is told why the total went up.
        if (answer.promoNotice) setPromoMessage({ kind: 'notice', notice: answer.promoNotice, lapse: answer.promoLapse });
        setCheckout(answer);
      })
      .catch(() => {
        if (!controller.signal.aborted) setError({ key: 'networkReload' });
      });
    return () => controller.abort();
  }, [orderId, priceCents]);

  const changePromo = useCallback(
    async (code: string | null) => {
      setPromoBusy(true);
      setPromoError(null);
      setPromoMessage(null);
      setError(null);
      try {
        const response = await fetch(`/api/order/${orderId}/promo`, {
          method: code === null ? 'DELETE' : 'POST',
          headers: { 'Content-Type': 'application/json' },
          ...(code === null ? {} : { body: JSON.stringify({ code }) }),
        });
        const body: unknown = await response.json().catch(() => ({}));
        const answer = response.ok ? readCheckoutAnswer(body) : null;
        if (!answer) {
          setPromoError(failureOf(body, 'promoFailed'));
          return;
        }
        setCheckout(answer);
        // The page's header shows the price to pay: the server renders it again with the code.
        router.refresh();
        setPromoMessage(
          answer.promo
            ? { kind: 'applied', code: answer.promo.code, answer }
            : { kind: 'removed', answer },
        );
      } catch {
        setPromoError({ key: 'networkRetry' });
      } finally {
        setPromoBusy(false);
      }
    },
    [orderId, router],
  );

  /** The provider says the card was charged; the server checks that with the provider before anything is marked paid. */
  const recordPayment = useCallback(
    async (paymentIntentId: string) => {
      setError(null);
      try {
        const response = await fetch(`/api/enrollCourse/${orderId}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ transactionId: paymentIntentId }),
        });
        if (!response.ok) {
          setError(failureOf(await response.json().catch(() => ({})), 'verifyFailed'));
          return;
        }
        setCompleted({ transactionId: paymentIntentId, free: false, byPromo: false });
      } catch {
        setError({ key: 'networkAfterPayment' });
      }
    },
    [orderId],
  );

  /** Nothing to pay (a free item, or a code took the whole price): the server checks that again and completes the order without a card. */
  const byPromo = Boolean(checkout?.promo);
  const completeFree = useCallback(async () => {
    setError(null);
    setFreeBusy(true);
    try {
      const response = await fetch(`/api/order/${orderId}/complete-free`, { method: 'POST' });
      const body: unknown = await response.json().catch(() => ({}));
      const transactionId = typeof body === 'object' && body !== null && 'transactionId' in body ? body.transactionId : null;
      if (!response.ok || typeof transactionId !== 'string') {
        setError(failureOf(body, 'completeFailed'));
        return;
      }
      setCompleted({ transactionId, free: true, byPromo });
    } catch {
      setError({ key: 'networkCheckOrders' });
    } finally {
      setFreeBusy(false);
    }
  }, [orderId, byPromo]);

  const fail = useCallback((failure: Failure) => setError(failure), []);

  function failureText(failure: Failure): string {
    return 'key' in failure ? t(failure.key) : errorText(failure.message);
  }

  /** What the server answered, in the currency of the method chosen now (dollars when the item has no taka price). */
  function inChosenCurrency(answer: CheckoutAnswer): { currency: Currency; saving: number; total: number } {
    if (METHOD_CURRENCY[method] === 'bdt' && answer.pricePaisa !== null) return { currency: 'bdt', saving: answer.promo?.discountPaisa ?? 0, total: answer.pricePaisa };
    return { currency: 'usd', saving: answer.promo?.discountCents ?? 0, total: answer.priceCents };
  }

  function promoMessageText(message: PromoMessage): string {
    switch (message.kind) {
      case 'applied': {
        const { currency, saving, total } = inChosenCurrency(message.answer);
        return t('promoApplied', { code: message.code, saving: formatMoney({ currency, minor: saving }, locale), total: formatMoney({ currency, minor: total }, locale) });
      }
      case 'removed': {
        const { currency, total } = inChosenCurrency(message.answer);
        return t('promoRemoved', { total: formatMoney({ currency, minor: total }, locale) });
      }
      case 'notice': {
        const { lapse } = message;
        return lapse ? promoT('lapsed', { code: lapse.code, reason: promoT(`lapseReasons.${LAPSE_REASON_KEYS[lapse.refusal]}`) }) : errorText(message.notice);
      }
    }
  }

  if (completed) {
    return (
      <CompletedPayment completed={completed} destination={routes.afterPurchase({ id: orderId, itemId: item.id, itemKind: item.kind })} kind={item.kind} />
    );
  }

  // Until the server's first answer: what the page was rendered with.
  const promo = checkout ? checkout.promo : initialPromo;
  const listPriceCents = checkout?.listPriceCents ?? priceCents;
  const totalCents = checkout?.priceCents ?? listPriceCents - (initialPromo?.discountCents ?? 0);
  const listPricePaisa = checkout ? checkout.listPricePaisa : pricePaisa;
  const totalPaisa = checkout ? checkout.pricePaisa : listPricePaisa === null ? null : listPricePaisa - (initialPromo?.discountPaisa ?? 0);
  const inTaka = METHOD_CURRENCY[method] === 'bdt' && listPricePaisa !== null && totalPaisa !== null;
  const summary = inTaka
    ? { currency: 'bdt' as const, listPrice: listPricePaisa, total: totalPaisa, promo: promo ? { code: promo.code, discount: promo.discountPaisa ?? 0 } : null }
    : { currency: 'usd' as const, listPrice: listPriceCents, total: totalCents, promo: promo ? { code: promo.code, discount: promo.discountCents } : null };
  // No card is confirmed while the amount is being changed.
  const formProps = { clientSecret: promoBusy ? null : (checkout?.clientSecret ?? null), onPaid: recordPayment, onFailure: fail };

  return (
    <div className="flex flex-col gap-4">
      {changedPriceCents !== null ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
          {t('priceChangedWhileOpen', { price: formatPrice(changedPriceCents, locale) })}
        </p>
      ) : null}
      <PromoCodeForm
        applied={promo}
        busy={promoBusy || freeBusy || checkout === null}
        applying={promoBusy}
        error={promoError ? failureText(promoError) : ''}
        onApply={(code) => void changePromo(code)}
        onRemove={() => void changePromo(null)}
      />
      {/* Always in the page, so what the server answered is announced. A code applied or removed
          shows in the field and the summary already; a code that no longer applies is shown too. */}
      <p role="status" className={promoMessage?.kind === 'notice' ? 'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300' : 'sr-only'}>
        {promoMessage ? promoMessageText(promoMessage) : null}
      </p>
      {methods.length > 1 && !checkout?.free ? (
        <MethodChoice methods={methods} chosen={method} onChoose={setMethod} prices={{ usd: totalCents, bdt: totalPaisa }} />
      ) : null}
      <OrderSummary {...summary} />
      {checkout?.free || (inTaka && totalPaisa === 0) ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-800">{byPromo ? t('coversWhole') : t('freeItem')}</p>
          <button type="button" className="btn-primary w-full" onClick={() => void completeFree()} disabled={freeBusy || promoBusy} aria-busy={freeBusy}>
            {freeBusy ? t('completing') : t('completeFree')}
          </button>
        </div>
      ) : method !== 'card' ? (
        <RedirectPayButton orderId={orderId} method={method} amountPaisa={inTaka ? totalPaisa : null} disabled={promoBusy || checkout === null} />
      ) : stripePublishableKey ? (
        <StripeCardForm publishableKey={stripePublishableKey} {...formProps} />
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {failureText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Paid: says so, then takes the buyer into what they bought (the link is there if that takes a while). */
function CompletedPayment({ completed, destination, kind }: { completed: Completed; destination: string; kind: 'course' | 'book' }) {
  const t = useTranslations('payment');
  const router = useRouter();
  useEffect(() => {
    router.replace(destination);
  }, [router, destination]);
  return (
    <div className="flex flex-col gap-3">
      <div role="status" className="rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
        <p className="text-lg font-semibold text-green-800">{completed.free ? t('orderDone') : t('paymentDone')}</p>
        {completed.free ? <p className="mt-1 text-slate-800">{completed.byPromo ? t('promoCoveredWhole') : t('freeItemCompleted')}</p> : null}
        <p className="mt-1 break-all text-slate-800">
          {t.rich('transactionId', { id: completed.transactionId, mono: (chunks) => <span className="font-mono font-semibold">{chunks}</span> })}
        </p>
        <p className="mt-1 text-slate-700">{t('opening')}</p>
      </div>
      <Link href={destination} className="btn-primary self-start">
        {t(kind === 'course' ? 'openCourse' : 'openBook')}
      </Link>
    </div>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Link, useRouter } from '@/i18n/navigation';
import { useEffect } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { formatPrice } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { routes } from '@/lib/routes';
import type { PaymentMethod } from '@/lib/payment-methods';
import { LAPSE_REASON_KEYS } from '@/lib/promo-codes';
import type { CheckoutPromo, Failure } from './checkout-answer';
import { OrderSummary } from './order-summary';
import { MethodChoice } from './method-choice';
import { PromoCodeForm } from './promo-code-form';
import { RedirectPayButton } from './redirect-pay-button';
import { cardClientSecret, inChosenCurrency, paidByPromo, paysNothing, priceView } from './payment-panel-state';
import type { Completed, PromoMessage } from './payment-panel-state';
import { SandboxCardForm } from './sandbox-card-form';
import { usePaymentPanel } from './use-payment-panel';

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
  const { state, changePromo, recordPayment, completeFree, fail, chooseMethod } = usePaymentPanel({ orderId, pagePriceCents: priceCents, initialMethod });
  const { checkout, changedPriceCents, error, promoError, promoMessage, promoBusy, freeBusy, completed, method } = state;
  const byPromo = paidByPromo(state);

  function failureText(failure: Failure): string {
    return 'key' in failure ? t(failure.key) : errorText(failure.message);
  }

  function promoMessageText(message: PromoMessage): string {
    switch (message.kind) {
      case 'applied': {
        const { currency, saving, total } = inChosenCurrency(message.answer, method);
        return t('promoApplied', { code: message.code, saving: formatMoney({ currency, minor: saving }, locale), total: formatMoney({ currency, minor: total }, locale) });
      }
      case 'removed': {
        const { currency, total } = inChosenCurrency(message.answer, method);
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
  const { promo, totalCents, totalPaisa, inTaka, summary } = priceView(state, { priceCents, pricePaisa, promo: initialPromo });
  const completesFree = paysNothing(state, { inTaka, totalPaisa });
  // No card is confirmed while the amount is being changed.
  const formProps = { clientSecret: cardClientSecret(state), onPaid: recordPayment, onFailure: fail };

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
        <MethodChoice methods={methods} chosen={method} onChoose={chooseMethod} prices={{ usd: totalCents, bdt: totalPaisa }} />
      ) : null}
      <OrderSummary {...summary} />
      {completesFree ? (
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

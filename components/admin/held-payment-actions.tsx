'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialogButton } from './reason-dialog-button';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import { HELD_REFUND_REASON_MAX, HELD_REFUND_REASON_MIN } from '@/lib/schemas/payment-review';
import { acceptHeldPaymentAction, refundHeldPaymentAction } from '@/server/actions/payment-review';

// The admin's decision on a payment held for review (the payments page), after a confirmation:
// accept it (the order is paid with it) or refund it with a reason (server/commerce/payment-review.ts).

export type HeldPaymentSubject = {
  attemptId: string;
  email: string;
  productName: string;
  amount: Money;
  /** The provider's name (bKash, SSLCommerz). */
  method: string;
};

export function AcceptHeldPaymentButton({ payment }: { payment: HeldPaymentSubject }) {
  const t = useTranslations('adminPaymentActions');
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  function accept() {
    startTransition(async () => {
      const result = await acceptHeldPaymentAction(payment.attemptId);
      setConfirming(false);
      if (!result.ok) toast.error(errorText(result.message));
      else if (result.data.status === 'paid') toast.success(t('accepted'), { description: t('acceptedDescription', { email: payment.email, product: payment.productName }) });
      else toast.warning(t('notTaken'), { description: t('notTakenDescription') });
      router.refresh();
    });
  }

  return (
    <>
      <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => setConfirming(true)}>
        {t('accept')}
        <span className="sr-only">
          {' '}
          {t('paymentFor', { product: payment.productName, email: payment.email })}
        </span>
      </button>
      {/* Mounted only while open: one dialog (and one title id) on the page at a time. */}
      {confirming ? (
        <ConfirmDialog
          open
          tone="primary"
          title={t('acceptTitle')}
          confirmLabel={pending ? t('accepting') : t('confirmAccept')}
          busy={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={accept}
        >
          <p>
            {t.rich('acceptText', {
              amount: formatMoney(payment.amount, locale),
              method: payment.method,
              product: payment.productName,
              email: payment.email,
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function RefundHeldPaymentButton({ payment }: { payment: HeldPaymentSubject }) {
  const t = useTranslations('adminPaymentActions');
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function refund(form: FormData) {
    setError(null);
    startTransition(async () => {
      const result = await refundHeldPaymentAction(payment.attemptId, { reason: String(form.get('reason') ?? '') });
      if (!result.ok) {
        if (result.fieldErrors?.reason?.[0]) {
          setError(errorText(result.fieldErrors.reason[0]));
          return;
        }
        // Decided meanwhile, or gone: the page shows how it stands now.
        setOpen(false);
        toast.error(errorText(result.message));
        router.refresh();
        return;
      }
      setOpen(false);
      const amount = formatMoney(payment.amount, locale);
      if (result.data.status === 'refunded') toast.success(t('refunded'), { description: t('refundedDescription', { amount, email: payment.email, method: payment.method }) });
      else toast.success(t('refundAsked'), { description: t('refundAskedDescription', { method: payment.method }) });
      router.refresh();
    });
  }

  return (
    <ReasonDialogButton
      label={t('refund')}
      srLabel={t('paymentFor', { product: payment.productName, email: payment.email })}
      title={t('refundTitle')}
      description={
        <p>
          {t.rich('refundText', {
            amount: formatMoney(payment.amount, locale),
            method: payment.method,
            product: payment.productName,
            email: payment.email,
            b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
          })}
        </p>
      }
      submitLabel={t('confirmRefund')}
      reasonLabel={t('reasonLabel')}
      reasonHint={t('reasonHint')}
      minLength={HELD_REFUND_REASON_MIN}
      maxLength={HELD_REFUND_REASON_MAX}
      reasonId={`held-refund-reason-${payment.attemptId}`}
      open={open}
      onOpen={() => {
        setError(null);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      busy={pending}
      error={error}
      onSubmit={refund}
    />
  );
}

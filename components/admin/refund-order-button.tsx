'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import { approveRefundRequestAction, refundOrderAction } from '@/server/actions/refunds';

// The admin's refund of one paid order (the sales view) or approval of a buyer's request (the
// refunds view), after a confirmation: both refund the order in full (server/commerce/refunds.ts).

type Props = {
  orderId: string;
  email: string;
  productName: string;
  /** What the payment charged, in its currency: all of it goes back. */
  amount: Money;
  /** `approve`: the order has a pending request, and approving it is the refund. */
  kind?: 'refund' | 'approve';
};

export function RefundOrderButton({ orderId, email, productName, amount, kind = 'refund' }: Props) {
  const t = useTranslations('adminRefundActions');
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  function refund() {
    startTransition(async () => {
      const result = kind === 'approve' ? await approveRefundRequestAction(orderId) : await refundOrderAction(orderId);
      setConfirming(false);
      if (result.ok) {
        const refunded: Money = { currency: result.data.currency, minor: result.data.amountCents };
        toast.success(t('refunded'), { description: t('refundedDescription', { amount: formatMoney(refunded, locale), product: productName, email }) });
      } else {
        toast.error(errorText(result.message));
      }
      router.refresh();
    });
  }

  const label = kind === 'approve' ? t('approve') : t('refund');
  return (
    <>
      <button
        type="button"
        className={kind === 'approve' ? 'btn-primary px-3 py-1' : 'btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50'}
        disabled={pending}
        onClick={() => setConfirming(true)}
      >
        {label}
        <span className="sr-only">
          {' '}
          {t('productFor', { product: productName, email })}
        </span>
      </button>
      {/* Mounted only while open: one dialog (and one title id) on the page at a time. */}
      {confirming ? (
        <ConfirmDialog
          open
          title={kind === 'approve' ? t('approveTitle') : t('refundTitle')}
          confirmLabel={pending ? t('refunding') : t('confirmRefund')}
          busy={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={refund}
        >
          <p>
            {t.rich('refundText', {
              price: formatMoney(amount, locale),
              product: productName,
              email,
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
          </p>
          <p className="mt-2">{t('cannotRevert')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatPrice } from '@/lib/format';
import { approveRefundRequestAction, refundOrderAction } from '@/server/actions/refunds';

// The admin's refund of one paid order (the sales view) or approval of a buyer's request (the
// refunds view), after a confirmation: both refund the order in full (server/refunds.ts).

type Props = {
  orderId: string;
  email: string;
  productName: string;
  priceCents: number;
  /** `approve`: the order has a pending request, and approving it is the refund. */
  kind?: 'refund' | 'approve';
};

export function RefundOrderButton({ orderId, email, productName, priceCents, kind = 'refund' }: Props) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  function refund() {
    startTransition(async () => {
      const result = kind === 'approve' ? await approveRefundRequestAction(orderId) : await refundOrderAction(orderId);
      setConfirming(false);
      if (result.ok) {
        toast.success('Refunded', { description: `${formatPrice(result.data.amountCents)} for ${productName} goes back to ${email}.` });
      } else {
        toast.error(result.message);
      }
      router.refresh();
    });
  }

  const label = kind === 'approve' ? 'Approve' : 'Refund';
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
          {productName} for {email}
        </span>
      </button>
      {/* Mounted only while open: one dialog (and one title id) on the page at a time. */}
      {confirming ? (
        <ConfirmDialog
          open
          title={kind === 'approve' ? 'Approve this refund?' : 'Refund this order?'}
          confirmLabel={pending ? 'Refunding…' : 'Yes, refund it!'}
          busy={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={refund}
        >
          <p>
            {formatPrice(priceCents)} for <span className="font-semibold">{productName}</span> goes back to {email}, who loses access to it (a course&apos;s
            certificate is withdrawn) and gets an e-mail.
          </p>
          <p className="mt-2">You won&apos;t be able to revert this!</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

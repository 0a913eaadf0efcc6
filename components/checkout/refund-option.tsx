'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/ui/form-dialog';
import { REFUND_REASON_MAX, REFUND_WINDOW_DAYS } from '@/lib/refunds';
import type { RefundOption } from '@/lib/refunds';
import { requestRefundAction } from '@/server/actions/refunds';

// A paid order's refund line in My Order and My Collection (issue 21): the request button and its
// dialog, or where the request stands (asked, refused with the admin's reason, refunded).

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

type ItemKind = 'course' | 'book';

/** The gate the buyer must still be within, in their item's terms. */
const GATE: Record<ItemKind, string> = {
  course: 'before you complete a third of its lessons',
  book: 'as long as you have not downloaded it',
};

function RequestRefundButton({ orderId, productName, itemKind, label }: { orderId: string; productName: string; itemKind: ItemKind; label: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function send(form: FormData) {
    setError(null);
    startTransition(async () => {
      const result = await requestRefundAction(orderId, { reason: String(form.get('reason') ?? '') });
      if (!result.ok) {
        setError(result.fieldErrors?.reason?.[0] ?? result.message);
        return;
      }
      setOpen(false);
      toast.success('Refund requested', { description: `An admin will answer your request for ${productName}.` });
      router.refresh();
    });
  }

  const reasonId = `refund-reason-${orderId}`;
  return (
    <>
      <button
        type="button"
        className="btn border border-brand-600 px-2 py-1 text-brand-700 hover:bg-brand-50 sm:px-3"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {label}
        <span className="sr-only"> for {productName}</span>
      </button>
      <FormDialog
        open={open}
        title="Ask for a refund"
        description={
          <>
            <p>
              <span className="font-semibold text-slate-900">{productName}</span>: you can ask within {REFUND_WINDOW_DAYS} days of buying, {GATE[itemKind]}.
            </p>
            <p className="mt-2">If an admin approves it, the whole price goes back to your card and your access to it ends.</p>
          </>
        }
        submitLabel="Send request"
        busy={pending}
        error={error}
        onSubmit={send}
        onCancel={() => setOpen(false)}
      >
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-900">
          Reason (optional)
        </label>
        <textarea id={reasonId} name="reason" rows={4} maxLength={REFUND_REASON_MAX} className="input-field" />
      </FormDialog>
    </>
  );
}

/** What the buyer can do about refunding an order, or where their request stands; nothing for null. */
export function RefundOptionLine({ orderId, productName, itemKind, option }: { orderId: string; productName: string; itemKind: ItemKind; option: RefundOption }) {
  if (!option) return null;
  switch (option.state) {
    case 'refunded':
      return <p className="text-sm text-slate-700">Refunded on {formatDate(option.at)}. You can buy it again from its page.</p>;
    case 'requested':
      return <p className="text-sm font-medium text-amber-900">Refund requested on {formatDate(option.at)}: waiting for an answer.</p>;
    case 'refused':
      return (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-red-800">
            <span className="font-semibold">Refund refused:</span> {option.reason}
          </p>
          {option.canAskAgain ? <RequestRefundButton orderId={orderId} productName={productName} itemKind={itemKind} label="Ask again" /> : null}
        </div>
      );
    case 'can-request':
      return (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RequestRefundButton orderId={orderId} productName={productName} itemKind={itemKind} label="Request a refund" />
          <span className="text-sm text-slate-600">until {formatDate(option.until)}</span>
        </div>
      );
    case 'not-refundable':
      return <p className="text-sm text-slate-600">{option.reason}</p>;
  }
}

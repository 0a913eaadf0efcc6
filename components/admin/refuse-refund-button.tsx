'use client';

import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/ui/form-dialog';
import { REFUSAL_REASON_MAX } from '@/lib/refunds';
import { refuseRefundRequestAction } from '@/server/actions/refunds';

/** Refuses a buyer's refund request with a reason the buyer is shown in My Order (the refunds view). */
export function RefuseRefundButton({ requestId, email, productName }: { requestId: string; email: string; productName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function refuse(form: FormData) {
    setError(null);
    startTransition(async () => {
      const result = await refuseRefundRequestAction(requestId, { reason: String(form.get('reason') ?? '') });
      if (!result.ok) {
        setError(result.fieldErrors?.reason?.[0] ?? result.message);
        return;
      }
      setOpen(false);
      toast.success('Request refused', { description: `${email} sees your reason in My Order.` });
      router.refresh();
    });
  }

  const reasonId = `refusal-reason-${requestId}`;
  return (
    <>
      <button
        type="button"
        className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Refuse<span className="sr-only"> the refund of {productName} for {email}</span>
      </button>
      <FormDialog
        open={open}
        title="Refuse this refund?"
        description={
          <p>
            {email} asked for a refund of <span className="font-semibold text-slate-900">{productName}</span>. They will see your reason in My Order
            and My Collection, and keep their access.
          </p>
        }
        submitLabel="Refuse request"
        tone="danger"
        busy={pending}
        error={error}
        onSubmit={refuse}
        onCancel={() => setOpen(false)}
      >
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-900">
          Reason shown to the buyer
        </label>
        <textarea id={reasonId} name="reason" rows={4} required maxLength={REFUSAL_REASON_MAX} className="input-field" aria-required="true" />
      </FormDialog>
    </>
  );
}

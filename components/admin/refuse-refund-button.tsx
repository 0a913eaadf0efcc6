'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ReasonDialogButton } from './reason-dialog-button';
import { REFUSAL_REASON_MAX } from '@/lib/refunds';
import { refuseRefundRequestAction } from '@/server/actions/refunds';

/** Refuses a buyer's refund request with a reason the buyer is shown in My Order (the refunds view). */
export function RefuseRefundButton({ requestId, email, productName }: { requestId: string; email: string; productName: string }) {
  const t = useTranslations('adminRefundActions');
  const errorText = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function refuse(form: FormData) {
    setError(null);
    startTransition(async () => {
      const result = await refuseRefundRequestAction(requestId, { reason: String(form.get('reason') ?? '') });
      if (!result.ok) {
        setError(errorText(result.fieldErrors?.reason?.[0] ?? result.message));
        return;
      }
      setOpen(false);
      toast.success(t('requestRefused'), { description: t('requestRefusedDescription', { email }) });
      router.refresh();
    });
  }

  return (
    <ReasonDialogButton
      label={t('refuse')}
      srLabel={t('refuseFor', { product: productName, email })}
      title={t('refuseTitle')}
      description={<p>{t.rich('refuseText', { email, product: productName, b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span> })}</p>}
      submitLabel={t('refuseRequest')}
      reasonLabel={t('reasonLabel')}
      maxLength={REFUSAL_REASON_MAX}
      reasonId={`refusal-reason-${requestId}`}
      open={open}
      onOpen={() => {
        setError(null);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      busy={pending}
      error={error}
      onSubmit={refuse}
    />
  );
}

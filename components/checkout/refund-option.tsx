'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState, useTransition } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/ui/form-dialog';
import { useErrorText } from '@/i18n/use-error-text';
import { formatDate } from '@/lib/format';
import { REFUND_REASON_MAX, REFUND_WINDOW_DAYS } from '@/lib/refunds';
import type { RefundBlocker, RefundOption } from '@/lib/refunds';
import { requestRefundAction } from '@/server/actions/refunds';

// A paid order's refund line in My Order and My Collection: the request button and its
// dialog, or where the request stands (asked, refused with the admin's reason, refunded).

type ItemKind = 'course' | 'book';

const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;
const strong = (chunks: ReactNode) => <span className="font-semibold text-slate-900">{chunks}</span>;

function RequestRefundButton({ orderId, productName, itemKind, label }: { orderId: string; productName: string; itemKind: ItemKind; label: string }) {
  const t = useTranslations('refunds');
  const errorText = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function send(form: FormData) {
    setError(null);
    startTransition(async () => {
      const result = await requestRefundAction(orderId, { reason: String(form.get('reason') ?? '') });
      if (!result.ok) {
        setError(errorText(result.fieldErrors?.reason?.[0] ?? result.message));
        return;
      }
      setOpen(false);
      toast.success(t('requestedToast'), { description: t('requestedToastText', { item: productName }) });
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
        {t.rich('buttonFor', { label, item: productName, sr: srOnly })}
      </button>
      <FormDialog
        open={open}
        title={t('dialogTitle')}
        description={
          <>
            <p>{t.rich('dialogText', { item: productName, days: REFUND_WINDOW_DAYS, kind: itemKind, strong })}</p>
            <p className="mt-2">{t('dialogNote')}</p>
          </>
        }
        submitLabel={t('send')}
        busy={pending}
        error={error}
        onSubmit={send}
        onCancel={() => setOpen(false)}
      >
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-900">
          {t('reasonLabel')}
        </label>
        <textarea id={reasonId} name="reason" rows={4} maxLength={REFUND_REASON_MAX} className="input-field" />
      </FormDialog>
    </>
  );
}

/** Why a request would be refused, in the page's language (the API words it in English: refundBlockerMessage). */
function BlockerText({ blocker }: { blocker: RefundBlocker }) {
  const t = useTranslations('refunds.blockers');
  const locale = useLocale();
  switch (blocker.kind) {
    case 'refunded':
      return t('refunded');
    case 'not-paid':
      return t('notPaid');
    case 'free':
      return t('free');
    case 'window-closed':
      return t('windowClosed', { days: REFUND_WINDOW_DAYS, date: formatDate(blocker.paidAt, 'long', locale) });
    case 'course-progress':
      return t('courseProgress', { completed: blocker.completed, total: blocker.total });
    case 'course-used':
      return t('courseUsed', { used: blocker.used, total: blocker.total });
    case 'book-used':
      return t('bookUsed', { percent: blocker.percent });
  }
}

/** What the buyer can do about refunding an order, or where their request stands; nothing for null. */
export function RefundOptionLine({ orderId, productName, itemKind, option }: { orderId: string; productName: string; itemKind: ItemKind; option: RefundOption }) {
  const t = useTranslations('refunds');
  const locale = useLocale();
  if (!option) return null;
  switch (option.state) {
    case 'refunded':
      return <p className="text-sm text-slate-700">{t('refundedOn', { date: formatDate(option.at, 'short', locale) })}</p>;
    case 'requested':
      return <p className="text-sm font-medium text-amber-900">{t('requestedOn', { date: formatDate(option.at, 'short', locale) })}</p>;
    case 'refused':
      return (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-red-800">{t.rich('refused', { reason: option.reason, strong: (chunks) => <span className="font-semibold">{chunks}</span> })}</p>
          {option.canAskAgain ? <RequestRefundButton orderId={orderId} productName={productName} itemKind={itemKind} label={t('askAgain')} /> : null}
        </div>
      );
    case 'can-request':
      return (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RequestRefundButton orderId={orderId} productName={productName} itemKind={itemKind} label={t('request')} />
          <span className="text-sm text-slate-600">{t('until', { date: formatDate(option.until, 'short', locale) })}</span>
        </div>
      );
    case 'not-refundable':
      return (
        <p className="text-sm text-slate-600">
          <BlockerText blocker={option.blocker} />
        </p>
      );
  }
}

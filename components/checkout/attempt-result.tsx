import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/money';
import type { AttemptView } from '@/server/commerce/payment-attempts';
import { RefreshWhilePending } from './refresh-while-pending';

type Props = {
  attempt: AttemptView;
  /** What the provider's redirect said (a hint for the wording only; the attempt's status is the provider's own word). */
  returned: 'success' | 'failure' | 'cancel' | null;
  orderPaid: boolean;
};

/** What became of a bKash or SSLCommerz payment, on the page the buyer comes back to. */
export async function AttemptResult({ attempt, returned, orderPaid }: Props) {
  const t = await getTranslations('payment');
  const locale = await getLocale();
  const method = t(`methods.${attempt.method}.short`);
  const amount = formatMoney({ currency: attempt.currency, minor: attempt.amountMinor }, locale);
  const box = (tone: 'green' | 'amber' | 'red', text: string, role: 'status' | 'alert' = 'status') => {
    const colours = { green: 'bg-green-50 text-green-900 ring-green-200', amber: 'bg-amber-50 text-amber-950 ring-amber-300', red: 'bg-red-50 text-red-900 ring-red-200' }[tone];
    return (
      <p role={role} className={`mb-4 rounded-lg px-4 py-3 font-medium ring-1 ${colours}`}>
        {text}
      </p>
    );
  };
  switch (attempt.status) {
    case 'paid':
      return box('green', t('result.paidWith', { amount, method }));
    case 'held':
      return box('amber', t('result.held', { amount, method }));
    case 'refunding':
      return box('amber', t('result.refunding', { amount, method }));
    case 'refunded':
      return box('amber', t('result.refunded', { amount, method }));
    case 'failed':
      return box('red', t('result.failed', { method }), 'alert');
    case 'cancelled':
      return box('amber', t('result.cancelled', { method }));
    case 'expired':
      return box('amber', t('result.expired', { method }));
    case 'pending':
      if (orderPaid) return null;
      if (returned === 'success') {
        return <RefreshWhilePending confirming={t('result.confirming', { method })} stillConfirming={t('result.confirmingLong', { method })} />;
      }
      return box('amber', t('result.notCompleted', { method }));
  }
}

import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { HeldPaymentList, RecentPaymentsTable, RefundingPaymentList } from '@/components/admin/payments-review';
import { formatNumber } from '@/lib/format';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listPaymentsNeedingAttention } from '@/server/commerce/payment-review';

/** Counts as the admin screens write them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('adminPayments');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function PaymentsPage() {
  const admin = await requirePermissionPage('reviewPayments', '/admin/payments');
  const payments = await listPaymentsNeedingAttention(admin);
  const t = await getTranslations('adminPayments');
  const locale = await getLocale();
  const count = (value: number, more: boolean) => `${formatNumber(value, locale, UNGROUPED)}${more ? '+' : ''}`;

  return (
    <div className="container-page flex flex-col gap-8 py-10">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </div>
      <section aria-labelledby="held-payments" className="flex flex-col gap-3">
        <h2 id="held-payments" className="text-xl font-bold text-slate-900">
          {t('held')} <span className="font-normal text-slate-600">({count(payments.held.length, payments.moreHeld)})</span>
        </h2>
        <p className="text-slate-700">{t('heldIntro')}</p>
        {/* Each held payment has Accept and Refund buttons (client components). */}
        <WithClientMessages namespaces={['adminPaymentActions', 'ui', 'errors']}>
          <HeldPaymentList rows={payments.held} more={payments.moreHeld} />
        </WithClientMessages>
      </section>
      <section aria-labelledby="refunding-payments" className="flex flex-col gap-3">
        <h2 id="refunding-payments" className="text-xl font-bold text-slate-900">
          {t('refunding')} <span className="font-normal text-slate-600">({count(payments.refunding.length, payments.moreRefunding)})</span>
        </h2>
        <p className="text-slate-700">{t('refundingIntro')}</p>
        <RefundingPaymentList rows={payments.refunding} more={payments.moreRefunding} />
      </section>
      <section aria-labelledby="recent-payments" className="flex flex-col gap-3">
        <h2 id="recent-payments" className="text-xl font-bold text-slate-900">{t('recent')}</h2>
        <p className="text-slate-700">{t('recentIntro')}</p>
        <RecentPaymentsTable rows={payments.recent} />
      </section>
    </div>
  );
}

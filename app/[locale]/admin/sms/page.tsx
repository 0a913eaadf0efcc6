import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SmsUsageOverview } from '@/components/admin/sms-usage';
import { requirePermissionPage } from '@/server/accounts/guards';
import { smsUsage } from '@/server/platform/sms/usage';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('smsUsage');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function SmsUsagePage() {
  const admin = await requirePermissionPage('viewBusinessRecords', '/admin/sms');
  const [usage, t] = await Promise.all([smsUsage(admin), getTranslations('smsUsage')]);
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">{t('intro')}</p>
      <SmsUsageOverview usage={usage} />
    </div>
  );
}

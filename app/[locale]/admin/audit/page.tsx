import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuditTable } from '@/components/admin/audit-table';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { listAuditLog } from '@/server/platform/audit';
import { requirePermissionPage } from '@/server/accounts/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('audit');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

export default async function AuditLogPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('viewBusinessRecords', '/admin/audit');
  const log = await listAuditLog(admin, parsePageNumber((await searchParams).page) ?? 1);
  const t = await getTranslations('audit');
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">{t('intro', { count: log.total })}</p>
      <AuditTable rows={log.items} />
      <Pager page={log.page} pageCount={log.pageCount} href={(target) => queryPagePath('/admin/audit', target)} />
    </div>
  );
}

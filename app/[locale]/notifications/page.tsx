import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotificationsList } from '@/components/account/notifications-list';
import { Pager } from '@/components/ui/pager';
import { requireUserPage } from '@/server/accounts/guards';
import { listNotifications } from '@/server/accounts/notifications';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notifications');
  return { title: t('title'), robots: { index: false } };
}

const PAGE_SIZE = 20;

type Props = { searchParams: Promise<{ page?: string }> };

export default async function NotificationsPage({ searchParams }: Props) {
  const user = await requireUserPage('/notifications');
  const { page } = await searchParams;
  const [data, t] = await Promise.all([listNotifications(user, Number(page) || 1, PAGE_SIZE), getTranslations('notifications')]);
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      <NotificationsList data={data} />
      <Pager page={data.page} pageCount={data.pageCount} href={(target) => (target === 1 ? '/notifications' : `/notifications?page=${target}`)} />
    </div>
  );
}

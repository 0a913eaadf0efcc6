import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { UsersTable } from '@/components/admin/users-table';
import { Pager } from '@/components/ui/pager';
import { requirePermissionPage } from '@/server/accounts/guards';
import { USERS_PAGE_SIZE, contactOf, listUsers } from '@/server/accounts/users';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

export default async function AllUsersPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('manageUsers', '/users');
  const requested = Number.parseInt((await searchParams).page ?? '1', 10);
  const { users, page, pageCount, total } = await listUsers(admin, Number.isFinite(requested) ? requested : 1);
  const t = await getTranslations('users');
  const rows = users.map((user, index) => ({
    id: user.id,
    email: contactOf(user),
    role: user.role,
    serial: (page - 1) * USERS_PAGE_SIZE + index + 1,
    isSelf: user.id === admin.id,
  }));
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">
        {t('accounts', { total })} ·{' '}
        <Link href="/admin/audit" className="font-semibold text-brand-700 hover:underline">
          {t('auditLog')}
        </Link>
      </p>
      <WithClientMessages namespaces={['users', 'ui', 'errors']}>
        <UsersTable rows={rows} />
      </WithClientMessages>
      <Pager page={page} pageCount={pageCount} href={(target) => `/users?page=${target}`} />
    </div>
  );
}

import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { UsersTable } from '@/components/admin/users-table';
import { Pager } from '@/components/ui/pager';
import { requireAdminPage } from '@/server/guards';
import { USERS_PAGE_SIZE, listUsers } from '@/server/users';

export const metadata: Metadata = { title: 'All Users', robots: { index: false } };

type Props = { searchParams: Promise<{ page?: string }> };

export default async function AllUsersPage({ searchParams }: Props) {
  const admin = await requireAdminPage('/users');
  const requested = Number.parseInt((await searchParams).page ?? '1', 10);
  const { users, page, pageCount, total } = await listUsers(admin, Number.isFinite(requested) ? requested : 1);
  const rows = users.map((user, index) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    serial: (page - 1) * USERS_PAGE_SIZE + index + 1,
    isSelf: user.id === admin.id,
  }));
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">All Users</h1>
      <p className="mb-6 mt-1 text-slate-700">
        {total} accounts ·{' '}
        <Link href="/admin/audit" className="font-semibold text-brand-700 hover:underline">
          Audit log
        </Link>
      </p>
      <UsersTable rows={rows} />
      <Pager page={page} pageCount={pageCount} href={(target) => `/users?page=${target}`} />
    </div>
  );
}

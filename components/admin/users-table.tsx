'use client';

import { useRouter } from '@/i18n/navigation';
import { Fragment, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { deleteUserAction, makeAdminAction } from '@/server/actions/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type UserRow = { id: string; email: string; role: 'admin' | 'user'; serial: number; isSelf: boolean };

/**
 * An address that may wrap after its "@" or a dot rather than inside a word; only a part longer
 * than the whole line is broken inside (overflow-wrap on the cell).
 */
function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?<=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** All Users (spec §2): a card per account on phones, the spec's table from md up. */
export function UsersTable({ rows }: { rows: UserRow[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [toDelete, setToDelete] = useState<UserRow | null>(null);

  function promote(row: UserRow) {
    startTransition(async () => {
      const result = await makeAdminAction(row.email);
      if (result.ok) {
        toast.success('Successfully made an admin');
        router.refresh();
      } else toast.error(result.message);
    });
  }

  function remove(row: UserRow) {
    startTransition(async () => {
      const result = await deleteUserAction(row.id);
      setToDelete(null);
      if (result.ok) {
        toast.success('Deleted!', { description: `${row.email} has been deleted.` });
        router.refresh();
      } else toast.error(result.message);
    });
  }

  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No users yet.</p>;

  const roleControl = (row: UserRow) =>
    row.role === 'admin' ? (
      <span className="font-semibold text-brand-700">ADMIN</span>
    ) : (
      <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => promote(row)}>
        Make Admin
      </button>
    );
  const deleteButton = (row: UserRow) => (
    <button
      type="button"
      className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50"
      disabled={pending || row.isSelf}
      aria-label={`Delete ${row.email}`}
      title={row.isSelf ? 'You cannot delete your own account' : undefined}
      onClick={() => setToDelete(row)}
    >
      Delete
    </button>
  );

  return (
    <>
      {/* Phones: one card per account, so an address gets the whole width and wraps only where it
          must (in the table's narrow column it broke every few characters). */}
      <ul aria-label="Users" className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div>
                <dt className="font-semibold text-slate-600">Serial</dt>
                <dd>{row.serial}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-600">User Role</dt>
                <dd>{row.role === 'admin' ? roleControl(row) : 'User'}</dd>
              </div>
              <div className="col-span-2">
                <dt className="font-semibold text-slate-600">Email</dt>
                <dd className="[overflow-wrap:anywhere] font-medium text-slate-900">
                  <BreakableEmail email={row.email} />
                </dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              {row.role === 'admin' ? null : roleControl(row)}
              {deleteButton(row)}
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">Serial</th>
              <th scope="col" className="px-4 py-3">Email</th>
              <th scope="col" className="px-4 py-3">User Role</th>
              <th scope="col" className="px-4 py-3">Delete</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className="px-4 py-3">{row.serial}</td>
                <td className="[overflow-wrap:anywhere] px-4 py-3">
                  <BreakableEmail email={row.email} />
                </td>
                <td className="px-4 py-3">{roleControl(row)}</td>
                <td className="px-4 py-3">{deleteButton(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure?"
        confirmLabel="Yes, delete it!"
        busy={pending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove(toDelete)}
      >
        You won&apos;t be able to revert this! {toDelete ? `${toDelete.email} will be deleted.` : ''}
      </ConfirmDialog>
    </>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { deleteUserAction, makeAdminAction } from '@/server/actions/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type UserRow = { id: string; email: string; role: 'admin' | 'user'; serial: number; isSelf: boolean };

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

  return (
    <>
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
                <td className="break-all px-4 py-3">{row.email}</td>
                <td className="px-4 py-3">
                  {row.role === 'admin' ? (
                    <span className="font-semibold text-brand-700">ADMIN</span>
                  ) : (
                    <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => promote(row)}>
                      Make Admin
                    </button>
                  )}
                </td>
                <td className="px-4 py-3">
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
                </td>
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

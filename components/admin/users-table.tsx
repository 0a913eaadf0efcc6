'use client';

import type { Role } from '@/lib/permissions';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { Fragment, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { deleteUserAction, makeAdminAction } from '@/server/actions/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatNumber } from '@/lib/format';

/** Counts and serial numbers as the screen always wrote them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

export type UserRow = { id: string; email: string; role: Role; serial: number; isSelf: boolean };

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

/** All Users (docs/product.md §2): a card per account on phones, the table from md up. */
export function UsersTable({ rows }: { rows: UserRow[] }) {
  const t = useTranslations('users');
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [toDelete, setToDelete] = useState<UserRow | null>(null);

  function promote(row: UserRow) {
    startTransition(async () => {
      const result = await makeAdminAction(row.email);
      if (result.ok) {
        toast.success(t('madeAdmin'));
        router.refresh();
      } else toast.error(errorText(result.message));
    });
  }

  function remove(row: UserRow) {
    startTransition(async () => {
      const result = await deleteUserAction(row.id);
      setToDelete(null);
      if (result.ok) {
        toast.success(t('deleted'), { description: t('deletedDescription', { email: row.email }) });
        router.refresh();
      } else toast.error(errorText(result.message));
    });
  }

  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('noUsers')}</p>;

  const roleControl = (row: UserRow) =>
    row.role === 'admin' ? (
      <span className="font-semibold text-brand-700">{t('admin')}</span>
    ) : (
      <button type="button" className="btn-primary px-3 py-1" disabled={pending} onClick={() => promote(row)}>
        {t('makeAdmin')}
      </button>
    );
  const deleteButton = (row: UserRow) => (
    <button
      type="button"
      className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50"
      disabled={pending || row.isSelf}
      aria-label={t('deleteEmail', { email: row.email })}
      title={row.isSelf ? t('cannotDeleteSelf') : undefined}
      onClick={() => setToDelete(row)}
    >
      {t('delete')}
    </button>
  );

  return (
    <>
      {/* Phones: one card per account, so an address gets the whole width and wraps only where it
          must (in the table's narrow column it broke every few characters). */}
      <ul aria-label={t('listLabel')} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div>
                <dt className="font-semibold text-slate-600">{t('serial')}</dt>
                <dd>{formatNumber(row.serial, locale, UNGROUPED)}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-600">{t('userRole')}</dt>
                <dd>{row.role === 'admin' ? roleControl(row) : t('user')}</dd>
              </div>
              <div className="col-span-2">
                <dt className="font-semibold text-slate-600">{t('email')}</dt>
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
              <th scope="col" className="px-4 py-3">{t('serial')}</th>
              <th scope="col" className="px-4 py-3">{t('email')}</th>
              <th scope="col" className="px-4 py-3">{t('userRole')}</th>
              <th scope="col" className="px-4 py-3">{t('delete')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className="px-4 py-3">{formatNumber(row.serial, locale, UNGROUPED)}</td>
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
        title={t('confirmTitle')}
        confirmLabel={t('confirmDelete')}
        busy={pending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove(toDelete)}
      >
        {t('cannotRevert')} {toDelete ? t('willBeDeleted', { email: toDelete.email }) : ''}
      </ConfirmDialog>
    </>
  );
}

'use client';

import { useRouter } from '@/i18n/navigation';
import { useRef, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { courseListLabel, describeDiscount } from '@/lib/promo-codes';
import { deletePromoCodeAction, setPromoCodeActiveAction } from '@/server/actions/promo-codes';
import type { PromoCodeStatus, PromoCodeView, PromoItemChoices } from '@/server/promo-codes';
import { PromoCodeForm } from './promo-code-form';

const STATUS_LABELS: Record<PromoCodeStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-green-100 text-green-900' },
  inactive: { label: 'Inactive', className: 'bg-slate-200 text-slate-800' },
  scheduled: { label: 'Not started', className: 'bg-sky-100 text-sky-900' },
  expired: { label: 'Expired', className: 'bg-amber-100 text-amber-950' },
  'used-up': { label: 'Used up', className: 'bg-amber-100 text-amber-950' },
};

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));

function appliesToText(code: PromoCodeView): string {
  switch (code.scope.kind) {
    case 'all':
      return 'Every course and book';
    case 'courses':
      return 'Every course';
    case 'books':
      return 'Every book';
    case 'items':
      return code.scope.itemIds.length === 1 ? '1 chosen course or book' : `${code.scope.itemIds.length} chosen courses and books`;
    case 'lists':
      return code.scope.lists.map(courseListLabel).join(', ');
  }
}

function validText(code: PromoCodeView): string {
  if (code.validFrom && code.validTo) return `${day(code.validFrom)} – ${day(code.validTo)}`;
  if (code.validFrom) return `From ${day(code.validFrom)}`;
  if (code.validTo) return `Until ${day(code.validTo)}`;
  return 'Always';
}

function usesText(code: PromoCodeView): string {
  const total = code.usageLimit === null ? `${code.used} used` : `${code.used} of ${code.usageLimit} used`;
  return code.perBuyerLimit === null ? total : `${total}, ${code.perBuyerLimit} per buyer`;
}

function StatusBadge({ status }: { status: PromoCodeStatus }) {
  const { label, className } = STATUS_LABELS[status];
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

type Props = { codes: PromoCodeView[]; choices: PromoItemChoices };

/** The admin's promo codes: the form (adding, or editing the chosen code) and every code with its actions. */
export function PromoCodesManager({ codes, choices }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState<PromoCodeView | null>(null);
  const [toDelete, setToDelete] = useState<PromoCodeView | null>(null);
  const [pending, startTransition] = useTransition();
  const formHeading = useRef<HTMLHeadingElement>(null);

  function edit(code: PromoCodeView) {
    setEditing(code);
    // The form is above the list: take the keyboard (and the eye) there.
    requestAnimationFrame(() => {
      formHeading.current?.scrollIntoView({ block: 'start' });
      formHeading.current?.focus();
    });
  }

  function setActive(code: PromoCodeView, active: boolean) {
    startTransition(async () => {
      const result = await setPromoCodeActiveAction(code.id, active);
      if (result.ok) {
        toast.success(active ? `${code.code} is active again` : `${code.code} is deactivated`);
        router.refresh();
      } else toast.error(result.message);
    });
  }

  function remove(code: PromoCodeView) {
    startTransition(async () => {
      const result = await deletePromoCodeAction(code.id);
      setToDelete(null);
      if (result.ok) {
        if (editing?.id === code.id) setEditing(null);
        toast.success('Deleted!', { description: `The promo code ${code.code} has been deleted.` });
        router.refresh();
      } else toast.error(result.message);
    });
  }

  const actions = (code: PromoCodeView) => (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-outline px-3 py-1" disabled={pending} onClick={() => edit(code)} aria-label={`Edit ${code.code}`}>
        Edit
      </button>
      <button
        type="button"
        className="btn border border-slate-400 px-3 py-1 text-slate-800 hover:bg-slate-50"
        disabled={pending}
        onClick={() => setActive(code, !code.active)}
        aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
      >
        {code.active ? 'Deactivate' : 'Activate'}
      </button>
      <button
        type="button"
        className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50"
        disabled={pending}
        onClick={() => setToDelete(code)}
        aria-label={`Delete ${code.code}`}
      >
        Delete
      </button>
    </div>
  );

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="promo-form-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="promo-form-heading" ref={formHeading} tabIndex={-1} className="mb-4 text-xl font-bold text-slate-900 focus:outline-none">
          {editing ? `Edit ${editing.code}` : 'Add a promo code'}
        </h2>
        {/* A new key per code: the form starts from that code's values. */}
        <PromoCodeForm key={editing?.id ?? 'new'} editing={editing} choices={choices} onDone={() => setEditing(null)} />
      </section>

      <section aria-labelledby="promo-list-heading" className="flex flex-col gap-3">
        <h2 id="promo-list-heading" className="text-xl font-bold text-slate-900">
          Promo codes
        </h2>
        {codes.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-700">No promo codes yet. Add one above.</p>
        ) : (
          <>
            {/* Phones: a card per code; the table from md up. */}
            <ul aria-label="Promo codes" className="space-y-3 md:hidden">
              {codes.map((code) => (
                <li key={code.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center justify-between gap-3">
                    <p className="font-mono text-lg font-bold text-slate-900">{code.code}</p>
                    <StatusBadge status={code.status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="font-semibold text-slate-600">Discount</dt>
                    <dd>{describeDiscount(code.discount)}</dd>
                    <dt className="font-semibold text-slate-600">Applies to</dt>
                    <dd>{appliesToText(code)}</dd>
                    <dt className="font-semibold text-slate-600">Valid</dt>
                    <dd>{validText(code)}</dd>
                    <dt className="font-semibold text-slate-600">Uses</dt>
                    <dd>{usesText(code)}</dd>
                  </dl>
                  <div className="mt-3">{actions(code)}</div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Promo codes, newest first</caption>
                <thead className="bg-slate-100 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3">Code</th>
                    <th scope="col" className="px-4 py-3">Discount</th>
                    <th scope="col" className="px-4 py-3">Applies to</th>
                    <th scope="col" className="px-4 py-3">Valid</th>
                    <th scope="col" className="px-4 py-3">Uses</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                    <th scope="col" className="px-4 py-3">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.id} className="border-t border-slate-100 align-top">
                      <td className="px-4 py-3 font-mono font-bold text-slate-900">{code.code}</td>
                      <td className="whitespace-nowrap px-4 py-3">{describeDiscount(code.discount)}</td>
                      <td className="px-4 py-3">{appliesToText(code)}</td>
                      <td className="whitespace-nowrap px-4 py-3">{validText(code)}</td>
                      <td className="px-4 py-3">{usesText(code)}</td>
                      <td className="px-4 py-3">
                        <StatusBadge status={code.status} />
                      </td>
                      <td className="px-4 py-3">{actions(code)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure?"
        confirmLabel="Yes, delete it!"
        busy={pending}
        onConfirm={() => toDelete && remove(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        The promo code {toDelete?.code} will be deleted. Payments already started with it keep their discount until their hold ends; the sales view keeps its
        redemptions.
      </ConfirmDialog>
    </div>
  );
}

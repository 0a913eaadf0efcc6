'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useRef, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { amountOffOf } from '@/lib/promo-codes';
import type { PromoDiscount } from '@/lib/promo-codes';
import { deletePromoCodeAction, setPromoCodeActiveAction } from '@/server/actions/promo-codes';
import type { PromoCodeStatus, PromoCodeView, PromoItemChoices } from '@/server/commerce/promo-codes';
import { PromoCodeForm } from './promo-code-form';

const STATUS_LABELS = {
  active: { key: 'active', className: 'bg-green-100 text-green-900' },
  inactive: { key: 'inactive', className: 'bg-slate-200 text-slate-800' },
  scheduled: { key: 'scheduled', className: 'bg-sky-100 text-sky-900' },
  expired: { key: 'expired', className: 'bg-amber-100 text-amber-950' },
  'used-up': { key: 'usedUp', className: 'bg-amber-100 text-amber-950' },
} as const satisfies Record<PromoCodeStatus, { key: string; className: string }>;

/** A code's columns in the admin's language (lib/promo-codes.ts words the discount in English for the server). */
function useCodeTexts() {
  const t = useTranslations('promoCodesAdmin');
  const lists = useTranslations('lists.course');
  const locale = useLocale();
  const day = (value: string) => formatDate(`${value}T00:00:00Z`, 'short', locale);

  function discountText(discount: PromoDiscount): string {
    if (discount.kind === 'percent') return t('percentOff', { percent: discount.percent });
    // An amount off applies to payments in its currency only: the list says which.
    const amount = amountOffOf(discount);
    return t('amountOffIn', { amount: formatMoney(amount, locale), currency: amount.currency });
  }

  function appliesToText(code: PromoCodeView): string {
    switch (code.scope.kind) {
      case 'all':
      case 'courses':
      case 'books':
        return t(`scopes.${code.scope.kind}`);
      case 'items':
        return t('chosenItems', { count: code.scope.itemIds.length });
      case 'lists':
        return code.scope.lists.map((list) => lists(list)).join(', ');
    }
  }

  function validText(code: PromoCodeView): string {
    if (code.validFrom && code.validTo) return t('validRange', { from: day(code.validFrom), to: day(code.validTo) });
    if (code.validFrom) return t('validFrom', { date: day(code.validFrom) });
    if (code.validTo) return t('validUntil', { date: day(code.validTo) });
    return t('always');
  }

  function usesText(code: PromoCodeView): string {
    const total = code.usageLimit === null ? t('used', { used: code.used }) : t('usedOf', { used: code.used, limit: code.usageLimit });
    return code.perBuyerLimit === null ? total : t('perBuyer', { uses: total, limit: code.perBuyerLimit });
  }

  return { discountText, appliesToText, validText, usesText };
}

function StatusBadge({ status }: { status: PromoCodeStatus }) {
  const t = useTranslations('promoCodesAdmin');
  const { key, className } = STATUS_LABELS[status];
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{t(`statuses.${key}`)}</span>;
}

type Props = { codes: PromoCodeView[]; choices: PromoItemChoices };

/** The admin's promo codes: the form (adding, or editing the chosen code) and every code with its actions. */
export function PromoCodesManager({ codes, choices }: Props) {
  const t = useTranslations('promoCodesAdmin');
  const errorText = useErrorText();
  const { discountText, appliesToText, validText, usesText } = useCodeTexts();
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
        toast.success(active ? t('activeAgain', { code: code.code }) : t('deactivated', { code: code.code }));
        router.refresh();
      } else toast.error(errorText(result.message));
    });
  }

  function remove(code: PromoCodeView) {
    startTransition(async () => {
      const result = await deletePromoCodeAction(code.id);
      setToDelete(null);
      if (result.ok) {
        if (editing?.id === code.id) setEditing(null);
        toast.success(t('deleted'), { description: t('deletedDescription', { code: code.code }) });
        router.refresh();
      } else toast.error(errorText(result.message));
    });
  }

  const actions = (code: PromoCodeView) => (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-outline px-3 py-1" disabled={pending} onClick={() => edit(code)} aria-label={t('editCode', { code: code.code })}>
        {t('edit')}
      </button>
      <button
        type="button"
        className="btn border border-slate-400 px-3 py-1 text-slate-800 hover:bg-slate-50"
        disabled={pending}
        onClick={() => setActive(code, !code.active)}
        aria-label={code.active ? t('deactivateCode', { code: code.code }) : t('activateCode', { code: code.code })}
      >
        {code.active ? t('deactivate') : t('activate')}
      </button>
      <button
        type="button"
        className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50"
        disabled={pending}
        onClick={() => setToDelete(code)}
        aria-label={t('deleteCode', { code: code.code })}
      >
        {t('delete')}
      </button>
    </div>
  );

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="promo-form-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="promo-form-heading" ref={formHeading} tabIndex={-1} className="mb-4 text-xl font-bold text-slate-900 focus:outline-none">
          {editing ? t('editCode', { code: editing.code }) : t('addHeading')}
        </h2>
        {/* A new key per code: the form starts from that code's values. */}
        <PromoCodeForm key={editing?.id ?? 'new'} editing={editing} choices={choices} onDone={() => setEditing(null)} />
      </section>

      <section aria-labelledby="promo-list-heading" className="flex flex-col gap-3">
        <h2 id="promo-list-heading" className="text-xl font-bold text-slate-900">
          {t('listHeading')}
        </h2>
        {codes.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-700">{t('empty')}</p>
        ) : (
          <>
            {/* Phones: a card per code; the table from md up. */}
            <ul aria-label={t('listLabel')} className="space-y-3 md:hidden">
              {codes.map((code) => (
                <li key={code.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center justify-between gap-3">
                    <p className="font-mono text-lg font-bold text-slate-900">{code.code}</p>
                    <StatusBadge status={code.status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="font-semibold text-slate-600">{t('discount')}</dt>
                    <dd>{discountText(code.discount)}</dd>
                    <dt className="font-semibold text-slate-600">{t('appliesTo')}</dt>
                    <dd>{appliesToText(code)}</dd>
                    <dt className="font-semibold text-slate-600">{t('valid')}</dt>
                    <dd>{validText(code)}</dd>
                    <dt className="font-semibold text-slate-600">{t('uses')}</dt>
                    <dd>{usesText(code)}</dd>
                  </dl>
                  <div className="mt-3">{actions(code)}</div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">{t('caption')}</caption>
                <thead className="bg-slate-100 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3">{t('code')}</th>
                    <th scope="col" className="px-4 py-3">{t('discount')}</th>
                    <th scope="col" className="px-4 py-3">{t('appliesTo')}</th>
                    <th scope="col" className="px-4 py-3">{t('valid')}</th>
                    <th scope="col" className="px-4 py-3">{t('uses')}</th>
                    <th scope="col" className="px-4 py-3">{t('status')}</th>
                    <th scope="col" className="px-4 py-3">{t('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.id} className="border-t border-slate-100 align-top">
                      <td className="px-4 py-3 font-mono font-bold text-slate-900">{code.code}</td>
                      <td className="whitespace-nowrap px-4 py-3">{discountText(code.discount)}</td>
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
        title={t('confirmTitle')}
        confirmLabel={t('confirmDelete')}
        busy={pending}
        onConfirm={() => toDelete && remove(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {t('confirmText', { code: toDelete?.code ?? '' })}
      </ConfirmDialog>
    </div>
  );
}

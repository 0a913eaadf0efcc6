'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useId, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { ACADEMIC_PAGES, SKILL_PAGES } from '@/lib/catalogue';
import type { CourseList } from '@/lib/catalogue';
import { CURRENCIES } from '@/lib/money';
import { PROMO_SCOPE_KINDS, amountOffOf } from '@/lib/promo-codes';
import { PROMO_AMOUNT_CURRENCIES, TAKA_AMOUNT_OFF, promoCodeSchema } from '@/lib/schemas/promo-code';
import type { PromoCodeInput, PromoCodeValues } from '@/lib/schemas/promo-code';
import { addPromoCodeAction, updatePromoCodeAction } from '@/server/actions/promo-codes';
import type { PromoCodeView, PromoItemChoices } from '@/server/commerce/promo-codes';
import { SelectField, SubmitButton, TextField, describedBy } from '../form-fields';
import { showServerErrors } from '../form-state';

const FIELDS: readonly Path<PromoCodeInput>[] = [
  'code', 'discountType', 'percentOff', 'amountOff', 'currency', 'validFrom', 'validTo', 'usageLimit', 'perBuyerLimit', 'appliesTo', 'itemIds', 'lists', 'active',
];

const EMPTY: PromoCodeInput = {
  code: '',
  discountType: 'percent',
  percentOff: '',
  amountOff: '',
  currency: 'usd',
  validFrom: '',
  validTo: '',
  usageLimit: '',
  perBuyerLimit: '',
  appliesTo: 'all',
  itemIds: [],
  lists: [],
  active: true,
};

/** An amount off as typed: dollars and cents, or whole taka. */
function typedAmount(discount: PromoCodeView['discount']): string {
  if (discount.kind !== 'amount') return '';
  const amount = amountOffOf(discount);
  const units = amount.minor / CURRENCIES[amount.currency].minorPerMajor;
  return amount.currency === 'usd' ? units.toFixed(2) : String(units);
}

/** A stored code as the form edits it: amounts back in dollars or taka, limits as text. */
function inputOf(code: PromoCodeView): PromoCodeInput {
  return {
    code: code.code,
    discountType: code.discount.kind,
    percentOff: code.discount.kind === 'percent' ? String(code.discount.percent) : '',
    amountOff: typedAmount(code.discount),
    currency: code.discount.kind === 'amount' ? amountOffOf(code.discount).currency : 'usd',
    validFrom: code.validFrom ?? '',
    validTo: code.validTo ?? '',
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    perBuyerLimit: code.perBuyerLimit === null ? '' : String(code.perBuyerLimit),
    appliesTo: code.scope.kind,
    itemIds: code.scope.kind === 'items' ? code.scope.itemIds : [],
    lists: code.scope.kind === 'lists' ? code.scope.lists : [],
    active: code.active,
  };
}

type Props = {
  /** The code being edited; null adds a new one. */
  editing: PromoCodeView | null;
  choices: PromoItemChoices;
  onDone: () => void;
};

/**
 * Add or change a promo code: a percentage, or an amount off in dollars (card payments) or whole
 * taka (bKash, SSLCommerz), stored in the currency's minor unit; days in UTC, empty limits for none.
 */
export function PromoCodeForm({ editing, choices, onDone }: Props) {
  const t = useTranslations('promoCodesAdmin.form');
  const scopes = useTranslations('promoCodesAdmin.scopes');
  const errorText = useErrorText();
  const router = useRouter();
  const form = useForm<PromoCodeInput, unknown, PromoCodeValues>({ resolver: zodResolver(promoCodeSchema), defaultValues: editing ? inputOf(editing) : EMPTY });
  const { errors, isSubmitting } = form.formState;
  const discountType = form.watch('discountType');
  const currency = form.watch('currency') ?? 'usd';
  const appliesTo = form.watch('appliesTo');

  async function save(values: PromoCodeValues) {
    // The form's own values go to the server, which validates them again with the same schema.
    const input = form.getValues();
    const result = editing ? await updatePromoCodeAction(editing.id, input) : await addPromoCodeAction(input);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(errorText(result.message));
      return;
    }
    toast.success(editing ? t('saved') : t('added'), { description: values.active ? t('isActive', { code: values.code }) : t('isInactive', { code: values.code }) });
    form.reset(EMPTY);
    onDone();
    router.refresh();
  }

  const message = (name: keyof PromoCodeInput) => {
    const error = errors[name];
    return error && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
  };
  /** A plain field's wiring: the form's registration and its error. */
  const field = (name: keyof PromoCodeInput) => ({ registration: form.register(name), error: message(name) });

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{editing ? t('editLegend', { code: editing.code }) : t('newLegend')}</legend>
        <TextField
          id="promo-code"
          label={t('code')}
          hint={t('codeHint')}
          autoComplete="off"
          {...field('code')}
        />
        <SelectField
          id="promo-discount-type"
          label={t('discount')}
          placeholder={t('discountPlaceholder')}
          options={[
            { value: 'percent', label: t('percentOff') },
            { value: 'amount', label: t('amountOffKind') },
          ]}
          {...field('discountType')}
        />
        {discountType === 'amount' ? (
          <>
            <CurrencyChoice register={() => form.register('currency')} error={message('currency')} />
            {currency === 'bdt' ? (
              <NumberField id="promo-amount-off" label={t('amountOffTaka')} min={TAKA_AMOUNT_OFF.min} hint={t('amountOffTakaHint')} {...field('amountOff')} />
            ) : (
              <NumberField id="promo-amount-off" label={t('amountOff')} decimal hint={t('amountOffHint')} {...field('amountOff')} />
            )}
          </>
        ) : (
          <NumberField id="promo-percent-off" label={t('percentOff')} hint={t('percentOffHint')} {...field('percentOff')} />
        )}
        <SelectField
          id="promo-applies-to"
          label={t('appliesTo')}
          placeholder={t('appliesToPlaceholder')}
          options={PROMO_SCOPE_KINDS.map((kind) => ({ value: kind, label: scopes(kind) }))}
          {...field('appliesTo')}
        />
        <TextField id="promo-valid-from" label={t('validFrom')} type="date" hint={t('validFromHint')} {...field('validFrom')} />
        <TextField id="promo-valid-to" label={t('validTo')} type="date" hint={t('validToHint')} {...field('validTo')} />
        <NumberField id="promo-usage-limit" label={t('usageLimit')} hint={t('noLimitHint')} {...field('usageLimit')} />
        <NumberField id="promo-per-buyer-limit" label={t('perBuyerLimit')} hint={t('noLimitHint')} {...field('perBuyerLimit')} />
        {appliesTo === 'lists' ? (
          <ListChoices selected={form.watch('lists') ?? []} error={message('lists')} onChange={(lists) => form.setValue('lists', lists, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })} />
        ) : null}
        {appliesTo === 'items' ? (
          <ItemChoices
            choices={choices}
            selected={form.watch('itemIds') ?? []}
            error={message('itemIds')}
            onChange={(ids) => form.setValue('itemIds', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          />
        ) : null}
        <label className="flex items-start gap-2 text-sm text-slate-800 md:col-span-2">
          <input type="checkbox" className="mt-0.5 h-4 w-4" {...form.register('active')} />
          <span>{t.rich('active', { b: (chunks) => <span className="font-semibold">{chunks}</span> })}</span>
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} label={editing ? t('saveChanges') : t('addPromoCode')} busyLabel={t('saving')} />
        {editing ? (
          <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onDone} disabled={isSubmitting}>
            {t('cancelEditing')}
          </button>
        ) : null}
      </div>
    </HydratedForm>
  );
}

/** Whole numbers from `min` (1 unless said), or (decimal) dollars and cents from 0.01: the steps the schema accepts. */
function NumberField({ decimal = false, min = 1, ...props }: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'step'> & { decimal?: boolean }) {
  return <TextField {...props} type="number" inputMode={decimal ? 'decimal' : 'numeric'} min={decimal ? 0.01 : min} step={decimal ? '0.01' : '1'} />;
}

/** The currency of an amount off: dollars (taken off card payments) or taka (off bKash and SSLCommerz payments). */
function CurrencyChoice({ register, error }: { register: () => UseFormRegisterReturn; error?: string }) {
  const t = useTranslations('promoCodesAdmin.form');
  const errorText = useErrorText();
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-error`}>
      <legend className="mb-1 block text-sm font-medium text-slate-800">{t('currency')}</legend>
      <div className="flex flex-col gap-1">
        {PROMO_AMOUNT_CURRENCIES.map((currency) => (
          <label key={currency} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value={currency} className="h-4 w-4" {...register()} />
            {currency === 'usd' ? t('currencyUsd') : t('currencyBdt')}
          </label>
        ))}
      </div>
      <p id={`${id}-error`} className="field-error">
        {error && errorText(error)}
      </p>
    </fieldset>
  );
}

function toggle<T>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...values, value])] : values.filter((entry) => entry !== value);
}

/** A group of checkboxes with its legend and its error, which the group's aria-describedby names. */
function ChoiceGroup({ id, legend, error, children }: { id: string; legend: ReactNode; error?: string; children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <fieldset className="md:col-span-2" aria-describedby={describedBy(id)}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      <p id={`${id}-error`} className="field-error">
        {error && errorText(error)}
      </p>
    </fieldset>
  );
}

/** One checkbox of a group; `wraps` for names long enough to take several lines. */
function Choice({ checked, onChange, wraps = false, children }: { checked: boolean; onChange: (on: boolean) => void; wraps?: boolean; children: ReactNode }) {
  return (
    <li>
      <label className={`flex ${wraps ? 'items-start' : 'items-center'} gap-2 text-sm text-slate-800`}>
        <input type="checkbox" className={wraps ? 'mt-0.5 h-4 w-4 shrink-0' : 'h-4 w-4'} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {children}
      </label>
    </li>
  );
}

function ListChoices({ selected, error, onChange }: { selected: readonly string[]; error?: string; onChange: (lists: CourseList[]) => void }) {
  const t = useTranslations('promoCodesAdmin.form');
  const lists = useTranslations('lists.course');
  const id = useId();
  const groups = [
    { label: t('academicCourses'), pages: ACADEMIC_PAGES },
    { label: t('skillCourses'), pages: SKILL_PAGES },
  ];
  return (
    <ChoiceGroup id={id} legend={t('courseLists')} error={error}>
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <div key={group.label}>
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{group.label}</p>
            <ul className="grid grid-cols-2 gap-x-3 gap-y-1">
              {group.pages.map((page) => (
                <Choice key={page.list} checked={selected.includes(page.list)} onChange={(on) => onChange(toggle(selected as CourseList[], page.list, on))}>
                  {lists(page.list)}
                </Choice>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </ChoiceGroup>
  );
}

function ItemChoices({ choices, selected, error, onChange }: { choices: PromoItemChoices; selected: readonly string[]; error?: string; onChange: (ids: string[]) => void }) {
  const t = useTranslations('promoCodesAdmin.form');
  const id = useId();
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLowerCase();
  const items = [
    ...choices.courses.map((course) => ({ id: course.id, name: course.title, kind: t('course') })),
    ...choices.books.map((book) => ({ id: book.id, name: book.name, kind: t('book') })),
  ];
  const shown = term ? items.filter((item) => item.name.toLowerCase().includes(term)) : items;
  return (
    <ChoiceGroup id={id} legend={t('itemsLegend', { count: selected.length })} error={error}>
      <label htmlFor={`${id}-filter`} className="sr-only">
        {t('filterLabel')}
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        className="input-field mb-2"
        placeholder={t('filterPlaceholder')}
        autoComplete="off"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-300 bg-white p-2">
        {shown.map((item) => (
          <Choice key={item.id} wraps checked={selected.includes(item.id)} onChange={(on) => onChange(toggle(selected, item.id, on))}>
            <span>
              {item.name} <span className="text-xs text-slate-600">({item.kind})</span>
            </span>
          </Choice>
        ))}
        {shown.length === 0 ? <li className="text-sm text-slate-600">{t('nothingMatches', { filter })}</li> : null}
      </ul>
    </ChoiceGroup>
  );
}

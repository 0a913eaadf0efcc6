import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { SALES_STATES } from '@/lib/schemas/sales';

/** What the form shows: the values as the admin sent them (kept when one is wrong), and the items to pick from. */
type Props = {
  values: { buyer?: string; item?: string; state?: string; from?: string; to?: string };
  items: { itemId: string; productName: string }[];
  /** The messages of the fields the admin must fix (nothing was filtered then). */
  errors: string[];
  filtered: boolean;
};

const fieldClass = 'input-field py-1.5';

/**
 * The sales view's filters: a plain GET form (it works before any script loads, and every filtered
 * view has its own address to share or bookmark).
 */
export async function SalesFilterForm({ values, items, errors, filtered }: Props) {
  const t = await getTranslations('sales');
  return (
    <form method="get" action="/admin/sales" aria-labelledby="sales-filter-heading" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id="sales-filter-heading" className="font-semibold text-slate-900">
        {t('filterHeading')}
      </h3>
      {errors.length > 0 ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">{t('filterInvalid')}</p>
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="sales-filter-buyer">{t('filterBuyer')}</label>
          <input id="sales-filter-buyer" name="buyer" type="search" defaultValue={values.buyer ?? ''} placeholder={t('filterBuyerPlaceholder')} autoComplete="off" maxLength={254} className={fieldClass} />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="sales-filter-item">{t('filterItem')}</label>
          <select id="sales-filter-item" name="item" defaultValue={values.item ?? ''} className={fieldClass}>
            <option value="">{t('filterAnyItem')}</option>
            {items.map((item) => (
              <option key={item.itemId} value={item.itemId}>
                {item.productName}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="sales-filter-state">{t('filterState')}</label>
          <select id="sales-filter-state" name="state" defaultValue={values.state ?? 'all'} className={fieldClass}>
            {SALES_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`filterStates.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="sales-filter-from">{t('filterFrom')}</label>
          <input id="sales-filter-from" name="from" type="date" defaultValue={values.from ?? ''} className={fieldClass} />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="sales-filter-to">{t('filterTo')}</label>
          <input id="sales-filter-to" name="to" type="date" defaultValue={values.to ?? ''} className={fieldClass} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary">
          {t('filterApply')}
        </button>
        {filtered || errors.length > 0 ? (
          <Link href="/admin/sales" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t('filterClear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useId, useRef, useTransition } from 'react';
import type { ChangeEvent } from 'react';
import {
  PRICE_FILTERS,
  RATING_FILTERS,
  RATING_LABEL_KEYS,
  SORTS,
  SORT_LABEL_KEYS,
  isDefaultView,
  viewHref,
  viewSegment,
} from '@/lib/catalogue-view';
import type { CatalogueView, ViewKind } from '@/lib/catalogue-view';

type ListControlsProps = {
  kind: ViewKind;
  /** The list's first page: a new sort or filter starts again at page 1. */
  action: string;
  view: CatalogueView;
  /** Names the controls for assistive technology, e.g. "Sort and filter courses". */
  label: string;
};

// The control that was changed, focused again once the new view has rendered: a sorted list is
// another route (the proxy rewrites it), so the form is mounted anew and would otherwise drop
// keyboard focus to the top of the page after every change. It names the view it waits for: a
// change made while the page hydrates is replayed before the first form's own mount effect runs,
// and that form must not take the focus meant for the next one.
let focusAfterNavigation: { field: string; view: string } | null = null;

/**
 * Sort and filter controls above a list. A plain GET form to the list's address, so it works
 * without JavaScript (Apply; the proxy tidies the address); with JavaScript, changing a control
 * goes to the new view at once.
 */
export function ListControls(props: ListControlsProps) {
  // A new view mounts a fresh form, so each select starts from the view it shows.
  return <ListControlsForm key={viewSegment(props.view)} {...props} />;
}

function ListControlsForm({ kind, action, view, label }: ListControlsProps) {
  const t = useTranslations('listControls');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const shownView = viewSegment(view);
  useEffect(() => {
    if (focusAfterNavigation?.view !== shownView) return;
    const field = form.current?.elements.namedItem(focusAfterNavigation.field);
    focusAfterNavigation = null;
    if (field instanceof HTMLSelectElement) field.focus();
  }, [shownView]);

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const data = new FormData(event.currentTarget.form ?? undefined);
    const next = { sort: data.get('sort'), price: data.get('price'), rating: data.get('rating') } as CatalogueView;
    focusAfterNavigation = { field: event.currentTarget.name, view: viewSegment(next) };
    startTransition(() => router.push(viewHref(action, kind, next), { scroll: false }));
  }

  const selectClass = 'input-field py-2 text-sm';
  return (
    <form
      ref={form}
      method="get"
      action={action}
      aria-label={label}
      aria-busy={pending}
      className="mb-6 grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:flex sm:flex-wrap sm:p-4"
    >
      <div className="col-span-2 sm:w-56">
        <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('sortBy')}
        </label>
        <select id={`${id}-sort`} name="sort" defaultValue={view.sort} onChange={change} className={selectClass}>
          {SORTS[kind].map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${SORT_LABEL_KEYS[sort]}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-40">
        <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('price')}
        </label>
        <select id={`${id}-price`} name="price" defaultValue={view.price} onChange={change} className={selectClass}>
          {PRICE_FILTERS.map((price) => (
            <option key={price} value={price}>
              {t(`prices.${price}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-44">
        <label htmlFor={`${id}-rating`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('rating')}
        </label>
        <select id={`${id}-rating`} name="rating" defaultValue={view.rating} onChange={change} className={selectClass}>
          {RATING_FILTERS.map((rating) => (
            <option key={rating} value={rating}>
              {t(`ratings.${RATING_LABEL_KEYS[rating]}`)}
            </option>
          ))}
        </select>
      </div>
      {/* Only without JavaScript: with it, every change applies itself. */}
      <noscript>
        <button type="submit" className="btn-primary">
          {t('apply')}
        </button>
      </noscript>
      {isDefaultView(kind, view) ? null : (
        <Link href={action} className="col-span-2 self-center py-2 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 sm:ml-auto">
          {t('clearFilters')}
        </Link>
      )}
    </form>
  );
}

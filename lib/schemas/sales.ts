import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { objectIdString } from './orders';

// The admin's sales view filters (/admin/sales?buyer=&item=&state=&from=&to=): who bought, what,
// in which state, ordered between which days (UTC, as the dates are shown). Every field is
// optional; an empty one means "any".

export const SALES_STATES = ['all', 'paid', 'unpaid', 'refunded'] as const;
export type SalesState = (typeof SALES_STATES)[number];

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const emptyIsAbsent = (value: unknown) => {
  const first = firstValue(value);
  return typeof first === 'string' && first.trim() === '' ? undefined : first;
};
const day = (label: string) =>
  z.preprocess(emptyIsAbsent, z.iso.date({ error: composedCode(`${label} must be a date (YYYY-MM-DD)`) }).optional());

export const salesFilterSchema = z
  .object({
    /** The start of the buyer's e-mail address (or all of it), any case. */
    buyer: z.preprocess(emptyIsAbsent, z.string().trim().toLowerCase().max(254, coded('buyerMustBeAtMost254Characters')).optional()),
    item: z.preprocess(emptyIsAbsent, objectIdString.optional()),
    state: z.preprocess(emptyIsAbsent, z.enum(SALES_STATES, { error: coded('stateMustBeAllPaidUnpaidOrRefunded') }).default('all')),
    from: day('From'),
    to: day('To'),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: coded('fromMustNotBeAfterTo'), path: ['to'] });

export type SalesFilter = z.output<typeof salesFilterSchema>;

export const NO_SALES_FILTER: SalesFilter = { state: 'all' };

/** Whether the filter narrows the orders at all. */
export function isFiltered(filter: SalesFilter): boolean {
  return Boolean(filter.buyer || filter.item || filter.from || filter.to || filter.state !== 'all');
}

/** The address of a page of the sales view with this filter. */
export function salesPagePath(filter: SalesFilter, page: number): string {
  const query = salesFilterQuery(filter);
  const pagePart = page > 1 ? `page=${page}` : '';
  const search = [query, pagePart].filter(Boolean).join('&');
  return search ? `/admin/sales?${search}` : '/admin/sales';
}

/** The filter's query string (without `page`), in a fixed order; empty for no filter. */
function salesFilterQuery(filter: SalesFilter): string {
  const pairs: [string, string | undefined][] = [
    ['buyer', filter.buyer],
    ['item', filter.item],
    ['state', filter.state === 'all' ? undefined : filter.state],
    ['from', filter.from],
    ['to', filter.to],
  ];
  return new URLSearchParams(pairs.filter((pair): pair is [string, string] => pair[1] !== undefined)).toString();
}

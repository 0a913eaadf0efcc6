import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import { getErrorText } from '@/i18n/server-error-text';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { PaymentRow } from '@/server/commerce/payment-review';
import { AcceptHeldPaymentButton, RefundHeldPaymentButton } from './held-payment-actions';

// The admin's payments page (/admin/payments): taka payments held for review (accept or refund),
// those being paid back (why, and the provider's last answer), and the newest payments of any
// status. Dates are UTC, as everywhere on the site; amounts in the page's language.

/** The providers' names as each language writes them (bKash is বিকাশ in Bengali). */
const METHOD_NAMES: Record<Locale, Record<PaymentRow['method'], string>> = {
  en: { bkash: 'bKash', sslcommerz: 'SSLCommerz' },
  bn: { bkash: 'বিকাশ', sslcommerz: 'SSLCommerz' },
};

function methodName(method: PaymentRow['method'], locale: Locale): string {
  return METHOD_NAMES[locale][method];
}

const STATUS_TONE: Record<PaymentRow['status'], string> = {
  pending: 'bg-slate-100 text-slate-800',
  held: 'bg-amber-100 text-amber-950',
  paid: 'bg-green-100 text-green-900',
  failed: 'bg-red-50 text-red-800',
  cancelled: 'bg-slate-100 text-slate-800',
  expired: 'bg-slate-100 text-slate-800',
  refunding: 'bg-amber-100 text-amber-950',
  refunded: 'bg-sky-100 text-sky-900',
};

async function StatusBadge({ status }: { status: PaymentRow['status'] }) {
  const t = await getTranslations('adminPayments');
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>{t(`statuses.${status}`)}</span>;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-white p-6 text-slate-700 ring-1 ring-slate-200">{children}</p>;
}

/** One label and its value in a card's list; long values (e-mails, ids) wrap anywhere rather than overflow. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </>
  );
}

/** What every card shows of a payment: the item, the amount, the buyer, how and when it was paid. */
async function PaymentFacts({ row }: { row: PaymentRow }) {
  const t = await getTranslations('adminPayments');
  const locale = await getLocale();
  const when = (iso: string) => formatDate(iso, 'shortTime', locale);
  return (
    <>
      <div>
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{row.productName ?? t('orderGone')}</p>
        <p className="text-lg font-bold tabular-nums text-brand-900">{formatMoney(row.amount, locale)}</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Fact label={t('buyer')}>{row.email ?? t('unknownBuyer')}</Fact>
        <Fact label={t('method')}>{methodName(row.method, locale)}</Fact>
        <Fact label={t('started')}>{when(row.createdAt)}</Fact>
        {row.verifiedAt ? <Fact label={t('paidAt')}>{when(row.verifiedAt)}</Fact> : null}
        <Fact label={t('paymentId')}>
          <span className="font-mono text-xs">{row.id}</span>
        </Fact>
        <Fact label={t('order')}>
          <span className="font-mono text-xs">{row.orderId}</span>
        </Fact>
      </dl>
    </>
  );
}

/** Payments paid but flagged as risky by the provider: an admin accepts or refunds each. */
export async function HeldPaymentList({ rows, more }: { rows: PaymentRow[]; more: boolean }) {
  const t = await getTranslations('adminPayments');
  const locale = await getLocale();
  if (rows.length === 0) return <Empty>{t('noHeld')}</Empty>;
  return (
    <>
      <ul aria-label={t('held')} className="grid gap-4 lg:grid-cols-2">
        {rows.map((row) => {
          const subject = { attemptId: row.id, email: row.email ?? t('unknownBuyer'), productName: row.productName ?? t('orderGone'), amount: row.amount, method: methodName(row.method, locale) };
          return (
            <li key={row.id} className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <PaymentFacts row={row} />
              {row.acceptanceUnfinished && row.reviewedAt ? (
                <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 [overflow-wrap:anywhere]">
                  {t('acceptanceUnfinished', { who: row.reviewedByEmail ?? t('anAdmin'), date: formatDate(row.reviewedAt, 'shortTime', locale) })}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <AcceptHeldPaymentButton payment={subject} />
                {/* Once an acceptance began, the order may already be paid with it: only accepting again finishes it. */}
                {row.acceptanceUnfinished ? null : <RefundHeldPaymentButton payment={subject} />}
              </div>
            </li>
          );
        })}
      </ul>
      {more ? <p className="text-sm text-slate-700">{t('moreHeld', { count: rows.length })}</p> : null}
    </>
  );
}

/** Proven payments their order did not take (or an admin refused): why, and what the provider last said. */
export async function RefundingPaymentList({ rows, more }: { rows: PaymentRow[]; more: boolean }) {
  const t = await getTranslations('adminPayments');
  const locale = await getLocale();
  // The shop's and the providers' words are stored in English; known ones are shown in the page's language.
  const errorText = await getErrorText();
  if (rows.length === 0) return <Empty>{t('noRefunding')}</Empty>;
  return (
    <>
      <ul aria-label={t('refunding')} className="grid gap-4 lg:grid-cols-2">
        {rows.map((row) => (
          <li key={row.id} className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <PaymentFacts row={row} />
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-semibold text-slate-600">{t('why')}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">
                  {row.rejection ? errorText(row.rejection) : t('noWhy')}
                  {row.reviewedAt ? (
                    <span className="block text-slate-600">{t('decidedBy', { who: row.reviewedByEmail ?? t('anAdmin'), date: formatDate(row.reviewedAt, 'shortTime', locale) })}</span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-600">{t('providerAnswer', { method: methodName(row.method, locale) })}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">
                  {row.reason ? errorText(row.reason) : row.refundRequestedAt ? t('refundUnderWay') : t('notAskedYet')}
                  {row.refundRequestedAt ? <span className="block text-slate-600">{t('askedOn', { date: formatDate(row.refundRequestedAt, 'shortTime', locale) })}</span> : null}
                </dd>
              </div>
            </dl>
            {row.refundWindowClosed && row.refundWindowDays !== null ? (
              <p role="note" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
                {t('windowClosed', { method: methodName(row.method, locale), days: row.refundWindowDays })}
              </p>
            ) : row.reason ? (
              <p className="text-sm text-slate-700">{t('askedAgain')}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {more ? <p className="text-sm text-slate-700">{t('moreRefunding', { count: rows.length })}</p> : null}
    </>
  );
}

/**
 * The newest payments of any status, as a table that scrolls sideways inside its box on a narrow
 * screen (the box takes the keyboard's focus, so it scrolls with the arrow keys too).
 */
export async function RecentPaymentsTable({ rows }: { rows: PaymentRow[] }) {
  const t = await getTranslations('adminPayments');
  const locale = await getLocale();
  if (rows.length === 0) return <Empty>{t('noRecent')}</Empty>;
  return (
    <div role="region" aria-labelledby="recent-payments-caption" tabIndex={0} className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption id="recent-payments-caption" className="sr-only">
          {t('recentLabel')}
        </caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('startedUtc')}</th>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('buyer')}</th>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('item')}</th>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('method')}</th>
            <th scope="col" className="px-3 py-3 text-right sm:px-4">{t('amount')}</th>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('status')}</th>
            <th scope="col" className="px-3 py-3 sm:px-4">{t('paymentId')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100 align-top">
              <td className="whitespace-nowrap px-3 py-3 sm:px-4">{formatDate(row.createdAt, 'shortTime', locale)}</td>
              <td className="whitespace-nowrap px-3 py-3 sm:px-4">{row.email ?? t('unknownBuyer')}</td>
              <td className="min-w-[12rem] px-3 py-3 sm:px-4">{row.productName ?? t('orderGone')}</td>
              <td className="whitespace-nowrap px-3 py-3 sm:px-4">{methodName(row.method, locale)}</td>
              <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums sm:px-4">{formatMoney(row.amount, locale)}</td>
              <td className="px-3 py-3 sm:px-4">
                <StatusBadge status={row.status} />
              </td>
              <td className="whitespace-nowrap px-3 py-3 font-mono text-xs sm:px-4">{row.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { getLocale, getTranslations } from 'next-intl/server';
import { localePath } from '@/i18n/routing';
import { getErrorText } from '@/i18n/server-error-text';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import type { RefundRequestStatus, RefundUsage } from '@/lib/refunds';
import { RefundOrderButton } from './refund-order-button';
import { RefuseRefundButton } from './refuse-refund-button';

// The admin's refunds view: buyers' requests by status, approved (which refunds) or
// refused with a reason, and the newest refunds however they were made.

export type RefundRequestCard = {
  id: string;
  email: string;
  productName: string;
  itemKind: 'course' | 'book';
  /** What the payment charged, in its currency (all of it goes back on approval). */
  paid: Money;
  /** Its provider no longer refunds it (bKash after its window): a note instead of Approve. */
  providerWindowClosed: boolean;
  paidAt: string;
  requestedAt: string;
  reason: string | null;
  status: RefundRequestStatus;
  decidedAt: string | null;
  decidedByEmail: string | null;
  refusalReason: string | null;
  /** What the buyer took of the item, from the domain's read (listRefundRequests). */
  usage: RefundUsage;
};

export type RefundRow = {
  orderId: string;
  email: string;
  productName: string;
  amount: Money;
  how: string;
  createdAt: string;
  state: 'refunded' | 'in-progress' | 'failed';
  lastError: string | null;
};

const TABS = [
  { status: 'pending', key: 'waiting' },
  { status: 'refused', key: 'refused' },
  { status: 'approved', key: 'approved' },
] as const satisfies readonly { status: RefundRequestStatus; key: string }[];

/**
 * Plain links, each a fresh page load: English pages reach app/[locale] through a rewrite whose
 * query Next reports to the browser's router as empty, so after an approval's router.refresh() a
 * client-side move to `?status=approved` was answered from the router's cached plain page.
 */
export async function RequestStatusTabs({ current }: { current: RefundRequestStatus }) {
  const [t, locale] = await Promise.all([getTranslations('adminRefunds'), getLocale()]);
  return (
    <nav aria-label={t('byStatus')} className="flex flex-wrap gap-2">
      {TABS.map((tab) => (
        <a
          key={tab.status}
          href={localePath(locale, tab.status === 'pending' ? '/admin/refunds' : `/admin/refunds?status=${tab.status}`)}
          aria-current={tab.status === current ? 'page' : undefined}
          className={tab.status === current ? 'btn-primary px-3 py-1' : 'btn-outline px-3 py-1'}
        >
          {t(tab.key)}
        </a>
      ))}
    </nav>
  );
}

const EMPTY = { pending: 'noPending', refused: 'noRefused', approved: 'noApproved' } as const satisfies Record<RefundRequestStatus, string>;

/** What the buyer took of the item, for the admin deciding: a course's lessons completed and fetched, a book's download. */
async function UsageRows({ usage }: { usage: RefundUsage }) {
  const t = await getTranslations('adminRefunds');
  const locale = await getLocale();
  if (!usage) {
    return (
      <>
        <dt className="font-semibold text-slate-600">{t('progress')}</dt>
        <dd className="text-slate-900">{t('itemGone')}</dd>
      </>
    );
  }
  if (usage.kind === 'book') {
    return (
      <>
        <dt className="font-semibold text-slate-600">{t('downloads')}</dt>
        <dd className="text-slate-900">{usage.firstDownloadedAt ? t('bookDownloadedOn', { percent: usage.percentTaken, date: formatDate(usage.firstDownloadedAt, 'short', locale) }) : t('bookNotDownloaded')}</dd>
      </>
    );
  }
  return (
    <>
      <dt className="font-semibold text-slate-600">{t('progress')}</dt>
      <dd className="text-slate-900">{t('lessonsCompleted', { completed: usage.completed, total: usage.total })}</dd>
      <dt className="font-semibold text-slate-600">{t('downloads')}</dt>
      <dd className="text-slate-900">
        {t('lessonsFetched', { fetched: usage.mediaFetched, total: usage.total })}
        <span className="block text-slate-600">{t('lessonsUsed', { used: usage.used, total: usage.total })}</span>
      </dd>
    </>
  );
}

/** `bkashRefundDays`: how long after a payment bKash refunds it (the note of a request past that). */
export async function RefundRequestList({ status, cards, bkashRefundDays }: { status: RefundRequestStatus; cards: RefundRequestCard[]; bkashRefundDays: number }) {
  const t = await getTranslations('adminRefunds');
  const sales = await getTranslations('sales');
  const kinds = await getTranslations('adminItemKinds');
  const locale = await getLocale();
  const date = (iso: string) => formatDate(iso, 'short', locale);
  if (cards.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t(EMPTY[status])}</p>;
  return (
    <ul aria-label={t('requests')} className="grid gap-4 lg:grid-cols-2">
      {cards.map((card) => (
        <li key={card.id} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div>
            <p className="font-semibold text-slate-900">
              {card.productName} <span className="font-normal capitalize text-slate-600">({kinds(card.itemKind)})</span>
            </p>
            <p className="text-lg font-bold text-brand-900">{formatMoney(card.paid, locale)}</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-600">{t('buyer')}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{card.email}</dd>
            <dt className="font-semibold text-slate-600">{t('paid')}</dt>
            <dd className="text-slate-900">{date(card.paidAt)}</dd>
            <dt className="font-semibold text-slate-600">{t('asked')}</dt>
            <dd className="text-slate-900">{date(card.requestedAt)}</dd>
            <UsageRows usage={card.usage} />
            {card.decidedAt ? (
              <>
                <dt className="font-semibold text-slate-600">{card.status === 'refused' ? t('refused') : t('refunded')}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">
                  {card.decidedByEmail ? t('dateBy', { date: date(card.decidedAt), who: card.decidedByEmail }) : date(card.decidedAt)}
                </dd>
              </>
            ) : null}
          </dl>
          <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
            <span className="sr-only">{t('buyersReason')}</span>
            {card.reason ?? <span className="italic text-slate-600">{t('noReason')}</span>}
          </blockquote>
          {card.refusalReason ? (
            <p className="text-sm text-red-800">
              <span className="font-semibold">{t('refusedReason')}</span> {card.refusalReason}
            </p>
          ) : null}
          {card.status === 'pending' ? (
            <div className="flex flex-wrap gap-3">
              {card.providerWindowClosed ? (
                <p className="w-full text-sm text-slate-700">{sales('bkashRefundWindowClosed', { days: bkashRefundDays })}</p>
              ) : (
                <RefundOrderButton kind="approve" orderId={card.id} email={card.email} productName={card.productName} amount={card.paid} />
              )}
              <RefuseRefundButton requestId={card.id} email={card.email} productName={card.productName} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const STATE_LABELS = { refunded: 'refunded', 'in-progress': 'inProgress', failed: 'failed' } as const satisfies Record<RefundRow['state'], string>;

async function RefundState({ row }: { row: RefundRow }) {
  const t = await getTranslations('adminRefunds');
  // The provider's words for a failed attempt, stored in English.
  const errorText = await getErrorText();
  return (
    <>
      <span className={row.state === 'failed' ? 'font-semibold text-red-800' : row.state === 'refunded' ? 'font-semibold text-slate-900' : 'text-amber-900'}>
        {t(STATE_LABELS[row.state])}
      </span>
      {row.lastError ? <span className="block text-slate-700">{errorText(row.lastError)}</span> : null}
    </>
  );
}

export async function RecentRefundsTable({ rows }: { rows: RefundRow[] }) {
  const t = await getTranslations('adminRefunds');
  const locale = await getLocale();
  const date = (iso: string) => formatDate(iso, 'short', locale);
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('noRefunds')}</p>;
  return (
    <>
      {/* Phones: one card per refund; six columns would squeeze the e-mails to a letter a line. */}
      <ol aria-label={t('newestLabel')} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.orderId} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {row.productName} · <span className="tabular-nums">{formatMoney(row.amount, locale)}</span>
            </p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">{t('to', { email: row.email })}</p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-700">{t('dateBy', { date: date(row.createdAt), who: row.how })}</p>
            <p className="mt-1">
              <RefundState row={row} />
            </p>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t('newestLabel')}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4">{t('date')}</th>
              <th scope="col" className="px-3 py-3 sm:px-4">{t('buyer')}</th>
              <th scope="col" className="px-3 py-3 sm:px-4">{t('item')}</th>
              <th scope="col" className="px-3 py-3 text-right sm:px-4">{t('amount')}</th>
              <th scope="col" className="px-3 py-3 sm:px-4">{t('by')}</th>
              <th scope="col" className="px-3 py-3 sm:px-4">{t('state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.orderId} className="border-t border-slate-100 align-top">
                <td className="whitespace-nowrap px-3 py-3 sm:px-4">{date(row.createdAt)}</td>
                <td className="break-all px-3 py-3 sm:px-4">{row.email}</td>
                <td className="px-3 py-3 sm:px-4">{row.productName}</td>
                <td className="px-3 py-3 text-right tabular-nums sm:px-4">{formatMoney(row.amount, locale)}</td>
                <td className="break-all px-3 py-3 sm:px-4">{row.how}</td>
                <td className="px-3 py-3 sm:px-4">
                  <RefundState row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

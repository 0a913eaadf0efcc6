import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';

// The audit log as a table: when, who, what (newest first, as the server sorted it).

export type AuditRow = { id: string; createdAt: string; actorEmail: string; action: string; entity: string; entityId: string; summary: string };

// The message key of each stored action and entity; one the screen does not know is shown as stored.
const ACTION_KEYS = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  'make-admin': 'makeAdmin',
  'upload-file': 'uploadFile',
  hide: 'hide',
  show: 'show',
  reply: 'reply',
  'delete-reply': 'deleteReply',
  refund: 'refund',
  'refuse-refund': 'refuseRefund',
  'accept-payment': 'acceptPayment',
} as const;

const ENTITY_KEYS = {
  course: 'course',
  book: 'book',
  blog: 'blog',
  instructor: 'instructor',
  user: 'user',
  review: 'review',
  'promo-code': 'promoCode',
  order: 'order',
} as const;

function keyOf<Keys extends Record<string, string>>(keys: Keys, value: string): Keys[keyof Keys] | undefined {
  return Object.hasOwn(keys, value) ? keys[value as keyof Keys] : undefined;
}

export async function AuditTable({ rows }: { rows: AuditRow[] }) {
  const t = await getTranslations('audit');
  const locale = await getLocale();
  const actionOf = (row: AuditRow) => {
    const key = keyOf(ACTION_KEYS, row.action);
    return key ? t(`actions.${key}`) : row.action;
  };
  const entityOf = (row: AuditRow) => {
    const key = keyOf(ENTITY_KEYS, row.entity);
    return key ? t(`entities.${key}`) : row.entity;
  };
  const when = (row: AuditRow) => formatDate(row.createdAt, 'mediumTime', locale);
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('empty')}</p>;
  return (
    <>
      {/* Phones: one card per change; a four-column table would squeeze the e-mails to a letter a line. */}
      <ol className="space-y-3 md:hidden" aria-label={t('listLabel')}>
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {actionOf(row)} <span className="font-normal text-slate-600">({entityOf(row)})</span>
            </p>
            <p className="mt-1 text-slate-800">{row.summary}</p>
            <p className="mt-2 break-all text-slate-700">{row.actorEmail}</p>
            <p className="text-slate-600">
              <time dateTime={row.createdAt}>{when(row)}</time> UTC
            </p>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t('listLabel')}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">{t('whenUtc')}</th>
              <th scope="col" className="px-4 py-3">{t('who')}</th>
              <th scope="col" className="px-4 py-3">{t('action')}</th>
              <th scope="col" className="px-4 py-3">{t('what')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 align-top">
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                  <time dateTime={row.createdAt}>{when(row)}</time>
                </td>
                <td className="px-4 py-3">{row.actorEmail}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  {actionOf(row)} <span className="text-slate-600">({entityOf(row)})</span>
                </td>
                <td className="min-w-64 px-4 py-3">
                  {row.summary}
                  <span className="block font-mono text-xs text-slate-600">{row.entityId}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

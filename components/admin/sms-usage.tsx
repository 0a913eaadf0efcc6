import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate, formatNumber } from '@/lib/format';
import type { Locale } from '@/i18n/routing';
import type { SmsUsage } from '@/server/platform/sms/usage';

// SMS sent, for the admins: today's use of the daily cap, then per day and per hour, each row with
// a bar scaled to the busiest row of its table, so a flood of sign-in codes stands out at a glance.

type Row = { key: string; label: string; sent: number };

function CountTable({ caption, heading, countHeading, rows, locale }: { caption: string; heading: string; countHeading: string; rows: Row[]; locale: Locale }) {
  const busiest = Math.max(1, ...rows.map((row) => row.sent));
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-lg font-semibold text-brand-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="px-4 py-2 font-semibold">
              {heading}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              {countHeading}
            </th>
            <th scope="col" className="w-1/2 px-4 py-2">
              <span className="sr-only">{caption}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="whitespace-nowrap px-4 py-1.5 font-normal text-slate-800">
                {row.label}
              </th>
              <td className="px-4 py-1.5 text-right tabular-nums text-slate-900">{formatNumber(row.sent, locale)}</td>
              <td className="px-4 py-1.5" aria-hidden="true">
                <div className="h-2.5 rounded bg-brand-600" style={{ width: `${(row.sent / busiest) * 100}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export async function SmsUsageOverview({ usage }: { usage: SmsUsage }) {
  const [t, locale] = await Promise.all([getTranslations('smsUsage'), getLocale() as Promise<Locale>]);
  const paused = usage.queuedToday >= usage.dailyCap;
  const usedShare = Math.min(1, usage.queuedToday / Math.max(1, usage.dailyCap));
  const days: Row[] = usage.perDay.map(({ day, sent }) => ({ key: day, label: formatDate(`${day}T00:00:00Z`, 'short', locale), sent }));
  const hours: Row[] = usage.perHour.map(({ hour, sent }) => ({ key: hour, label: formatDate(hour, 'shortTime', locale), sent }));
  const nothingSent = usage.perDay.every((day) => day.sent === 0);
  return (
    <div className="space-y-6">
      <section aria-labelledby="sms-today" className={`rounded-xl p-5 shadow-sm ring-1 ${paused ? 'bg-red-50 ring-red-200' : 'bg-white ring-slate-200'}`}>
        <h2 id="sms-today" className="text-lg font-semibold text-brand-900">
          {t('todayHeading')}
        </h2>
        <p className="mt-1 text-slate-800">
          {t('todayCount', { queued: usage.queuedToday, cap: usage.dailyCap })}
        </p>
        <div className="mt-3 h-3 overflow-hidden rounded bg-slate-200" aria-hidden="true">
          <div className={`h-full ${paused ? 'bg-red-600' : 'bg-brand-600'}`} style={{ width: `${usedShare * 100}%` }} />
        </div>
        <p className={`mt-3 text-sm ${paused ? 'font-semibold text-red-800' : 'text-slate-700'}`}>{paused ? t('paused') : t('capExplained')}</p>
      </section>
      {nothingSent && <p className="rounded-lg bg-white p-6 text-slate-700">{t('empty', { days: usage.perDay.length })}</p>}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CountTable caption={t('perDay', { days: usage.perDay.length })} heading={t('dayUtc')} countHeading={t('sent')} rows={days} locale={locale} />
        <CountTable caption={t('perHour', { hours: usage.perHour.length })} heading={t('hourUtc')} countHeading={t('sent')} rows={hours} locale={locale} />
      </div>
    </div>
  );
}

import 'server-only';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { collection, withDb } from '../db';
import { env } from '../env';
import { SMS_COUNT_MAX_DAYS, smsCounts } from './counts';
import { utcDay } from './daily-cap';

// What the admins see of SMS: how many went out per day and per hour, and how much of today's
// site-wide cap is used (after it phone sign-in pauses until the UTC day ends).

/** Hours listed on the page: today and yesterday, whatever the time zone of the reader. */
export const SMS_USAGE_HOURS = 48;

export type SmsUsage = {
  dailyCap: number;
  /** SMS counted against today's cap: sent, and queued to be sent. */
  queuedToday: number;
  /** Newest first. */
  perDay: { day: string; sent: number }[];
  /** Newest first, the last SMS_USAGE_HOURS hours. */
  perHour: { hour: string; sent: number }[];
};

export async function smsUsage(actor: Actor, now = new Date()): Promise<SmsUsage> {
  authorize(actor, 'viewBusinessRecords');
  const [counts, today] = await Promise.all([
    smsCounts(SMS_COUNT_MAX_DAYS, now),
    withDb(async () => (await collection('smsDays')).findOne({ _id: utcDay(now) })),
  ]);
  return {
    dailyCap: env().SMS_DAILY_CAP,
    queuedToday: today?.queued ?? 0,
    perDay: [...counts.perDay].reverse(),
    perHour: counts.perHour.slice(-SMS_USAGE_HOURS).reverse(),
  };
}

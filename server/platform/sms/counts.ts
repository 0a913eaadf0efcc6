import 'server-only';
import { collection, withDb } from '../db';
import { utcDay } from './daily-cap';

// How many SMS went out per UTC day and hour, for the admins, from the queue's own records (sent
// ones carry sentAt). The queue keeps two weeks (server/platform/db.ts), so that is the longest view.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const SMS_COUNT_MAX_DAYS = 14;

export type SmsCounts = { perDay: { day: string; sent: number }[]; perHour: { hour: string; sent: number }[] };

/** 2026-05-01T13:00Z */
function hourOf(time: number): string {
  return `${new Date(time).toISOString().slice(0, 13)}:00Z`;
}

/**
 * SMS sent per day and per hour over the last `days` UTC days (today included), oldest first,
 * every day and every hour up to now listed, those without any with 0.
 */
export async function smsCounts(days: number, now = new Date()): Promise<SmsCounts> {
  if (!Number.isInteger(days) || days < 1 || days > SMS_COUNT_MAX_DAYS) throw new RangeError(`smsCounts: days must be a whole number from 1 to ${SMS_COUNT_MAX_DAYS}`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = today - (days - 1) * DAY_MS;
  const perDay = new Map<string, number>();
  const perHour = new Map<string, number>();
  for (let time = since; time < today + DAY_MS; time += DAY_MS) perDay.set(utcDay(new Date(time)), 0);
  for (let time = since; time <= now.getTime(); time += HOUR_MS) perHour.set(hourOf(time), 0);
  // Dates only, bucketed here: FerretDB has no date operators for $group to do it.
  const sent = await withDb(async () =>
    (await collection('smsMessages')).find({ sentAt: { $gte: new Date(since), $lte: now } }, { projection: { _id: 0, sentAt: 1 } }).toArray(),
  );
  for (const { sentAt } of sent) {
    if (!sentAt) continue;
    const [day, hour] = [utcDay(sentAt), hourOf(sentAt.getTime())];
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  }
  return {
    perDay: [...perDay].map(([day, count]) => ({ day, sent: count })),
    perHour: [...perHour].map(([hour, count]) => ({ hour, sent: count })),
  };
}

import 'server-only';
import { collection, isDuplicateKey, withDb } from '../db';
import { env } from '../env';
import { sendMail } from '../mail';

// The site-wide cap on SMS per UTC day, so a flood of sign-in code requests cannot run up the
// gateway's bill: one counter document per day, counted by one guarded write that every instance
// makes against the same document. The first time a day's cap turns a message away the admins are
// e-mailed, once: the mark that they were told is one guarded write as well.

/** The UTC day of `now`, as the counter's id: 2026-05-01. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Counts one SMS against today's cap: false when the cap is spent (nothing counted). */
export async function takeDailySlot(now: Date, cap = env().SMS_DAILY_CAP): Promise<boolean> {
  const day = utcDay(now);
  const days = await withDb(() => collection('smsDays'));
  // Matches today's counter while under the cap; without a counter the upsert makes it, and a
  // counter at the cap makes that insert collide with its _id. The first try can also collide with
  // another instance making the counter at the same moment; the second then finds it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await withDb(() => days.updateOne({ _id: day, queued: { $lt: cap } }, { $inc: { queued: 1 }, $setOnInsert: { startsAt: new Date(`${day}T00:00:00Z`) } }, { upsert: true }));
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  return false;
}

/** Takes back a count takeDailySlot made for a message that was not queued after all. */
export async function giveDailySlotBack(now: Date): Promise<void> {
  await withDb(async () => (await collection('smsDays')).updateOne({ _id: utcDay(now), queued: { $gt: 0 } }, { $inc: { queued: -1 } }));
}

function capMail(cap: number, day: string): { subject: string; text: string } {
  return {
    subject: `SMS paused: today's limit of ${cap} messages is reached`,
    text: [
      `Knowledge Zone has queued ${cap} SMS today (${day}, UTC), the limit set by SMS_DAILY_CAP.`,
      '',
      'Until the day ends (00:00 UTC, 06:00 in Bangladesh) no more SMS are sent: phone sign-in codes are not delivered.',
      '',
      'If this is real demand, raise SMS_DAILY_CAP and restart the server. If it is not, someone may be requesting codes in bulk: check the sign-in logs.',
      '',
      'This message is sent once per day.',
    ].join('\n'),
  };
}

/**
 * E-mails every admin that today's cap is reached, unless they were told today already (by this
 * or any instance). When the mail fails the mark is taken back, so the next refused SMS tries again.
 */
export async function tellAdminsCapReached(now: Date, cap = env().SMS_DAILY_CAP): Promise<void> {
  const day = utcDay(now);
  const days = await withDb(() => collection('smsDays'));
  const marked = await withDb(() => days.updateOne({ _id: day, adminsToldAt: { $exists: false } }, { $set: { adminsToldAt: now } }));
  if (marked.modifiedCount !== 1) return;
  try {
    // Admins are few and this runs once a day: no index for it.
    const admins = await withDb(async () => (await collection('users')).find({ role: 'admin' }, { projection: { email: 1 } }).toArray());
    const mail = capMail(cap, day);
    for (const admin of admins) if (admin.email) await sendMail({ to: admin.email, ...mail });
    console.warn(`[sms] the daily cap of ${cap} is reached for ${day}; ${admins.length} admin(s) e-mailed`);
  } catch (error) {
    await withDb(() => days.updateOne({ _id: day, adminsToldAt: now }, { $unset: { adminsToldAt: '' } }));
    throw error;
  }
}

// The SMS the outbox provider wrote (server/platform/sms): each is sent after the answer, so these
// wait until every message queued for the number has been written.
import type { Db } from 'mongodb';
import type { temporaryOutbox } from './mail-outbox';

type Outbox = ReturnType<typeof temporaryOutbox>;

/** The texts of the SMS sent to `phone`, oldest first. */
export async function smsTexts(outbox: Outbox, db: Db, phone: string): Promise<string[]> {
  const queued = await db.collection('smsMessages').countDocuments({ to: phone });
  const sent = () =>
    outbox
      .files('sms-')
      .sort()
      .map((name) => outbox.read(name))
      .filter((file) => file.startsWith(`To: ${phone}\n`))
      .map((file) => file.slice(file.indexOf('\n\n') + 2).trimEnd());
  for (let turn = 0; turn < 200 && sent().length < queued; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return sent();
}

/** The code in the last SMS sent to `phone`. */
export async function lastSmsCode(outbox: Outbox, db: Db, phone: string): Promise<string> {
  const text = (await smsTexts(outbox, db, phone)).at(-1) ?? '';
  const code = /#(\d{6})$/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${text}`);
  return code;
}

/**
 * Lets every number and requester ask for a code again at once: the caps per address and device
 * (`rateLimits`) and the numbers' own sends (kept on their `phoneCodes` documents) are forgotten;
 * the codes sent stay valid. For tests whose subject is not the limits (phone-codes.test.ts's).
 */
export async function forgetCodeLimits(db: Db): Promise<void> {
  await Promise.all([db.collection('rateLimits').deleteMany({}), db.collection('phoneCodes').updateMany({}, { $set: { sentAt: [] } })]);
}

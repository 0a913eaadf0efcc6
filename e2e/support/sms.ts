import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { withDatabase } from './database';

// SMS in the journeys: the test server sends none, it writes each to the outbox (one file per
// message, beside the e-mails), where the journeys read the codes a learner would read on the phone.
const OUTBOX_DIR = path.resolve(process.env.E2E_MAIL_OUTBOX_DIR ?? '.data/outbox');

/** A Bangladeshi mobile number nobody else in the run has, as a learner types it: 017XXXXXXXX. */
export function newMobileNumber(): string {
  return `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** 017XXXXXXXX as the site keeps it: +88017XXXXXXXX. */
export const e164 = (local: string) => `+880${local.slice(1)}`;

/** The texts of the SMS sent to `local`, newest first. */
async function textsTo(local: string): Promise<string[]> {
  const names = (await readdir(OUTBOX_DIR).catch(() => [])).filter((name) => name.startsWith('sms-')).sort().reverse();
  const texts = await Promise.all(names.map((name) => readFile(path.join(OUTBOX_DIR, name), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${e164(local)}\n`));
}

/** The code of the newest SMS to `local` that is not in `seen`; the outbox file is written just after the answer. */
export async function codeSentTo(local: string, seen: readonly string[] = []): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const text of await textsTo(local)) {
      const code = /#(\d{6})\s*$/.exec(text)?.[1];
      if (code && !seen.includes(code)) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS to ${local} in ${OUTBOX_DIR}`);
}

/**
 * Lets the number ask for its next code now: one a minute is the rule (server/accounts/phone-codes.test.ts
 * holds it), and a journey that signs up and back in within a minute would otherwise wait for it.
 */
export async function skipTheMinute(local: string): Promise<void> {
  await withDatabase((db) => db.collection('phoneCodes').updateOne({ _id: e164(local) as never }, { $set: { sentAt: [] } }));
}

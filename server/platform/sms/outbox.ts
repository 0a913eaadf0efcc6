import 'server-only';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxDir } from '../mail';
import type { SmsMessage, SmsProvider } from './types';

// Without a gateway (local development, the demo, the tests) each SMS is written as a text file
// into the mail outbox, and logged on one line with its text, so a sign-in code can be read from
// the server output without a phone.

function outboxFileName(now: Date, clientMessageId: string): string {
  return `sms-${now.toISOString().replace(/[:.]/g, '-')}-${clientMessageId}.txt`;
}

export const outboxProvider: SmsProvider = {
  name: 'outbox',
  async send(message: SmsMessage, clientMessageId: string) {
    const dir = outboxDir();
    await mkdir(dir, { recursive: true });
    const now = new Date();
    const file = path.join(dir, outboxFileName(now, clientMessageId));
    await writeFile(file, `To: ${message.to}\nDate: ${now.toISOString()}\nClient-Message-Id: ${clientMessageId}\n\n${message.text}\n`);
    const line = `[sms] outbox to=${message.to} text=${JSON.stringify(message.text)} file=${file}`;
    console.info(line);
    await appendFile(path.join(dir, 'outbox.log'), `${now.toISOString()} ${line}\n`);
    return { providerId: path.basename(file) };
  },
};

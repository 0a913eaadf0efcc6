import 'server-only';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from './env';

// Outgoing e-mail. With SMTP_URL set, messages go to that server; without it (local development,
// tests) each message is written as an .eml file the developer can open, and one line per message
// is logged so links (verification, password reset) can be followed without a mail client.

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type MailDelivery =
  | { transport: 'smtp'; messageId: string; accepted: string[] }
  | { transport: 'outbox'; messageId: string; file: string };

/** Absolute folder of the local outbox. */
export function outboxDir(): string {
  return path.resolve(process.cwd(), env().MAIL_OUTBOX_DIR);
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** Every distinct link in the message, so the log line alone is enough to follow one. */
export function linksIn(message: MailMessage): string[] {
  const found = [...message.text.matchAll(LINK_PATTERN), ...(message.html ?? '').matchAll(LINK_PATTERN)].map((match) =>
    match[0].replace(/[).,;]+$/, ''),
  );
  return [...new Set(found)];
}

function addressesOf(list: ReadonlyArray<string | { address: string }>): string[] {
  return list.map((entry) => (typeof entry === 'string' ? entry : entry.address));
}

async function sendBySmtp(smtpUrl: string, message: MailMessage): Promise<MailDelivery> {
  // Bounded waits: a stuck mail server must not hold a request open for minutes. They sit next
  // to the url: createTransport's second argument is message defaults, not connection options.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({ from: env().MAIL_FROM, ...message });
    return { transport: 'smtp', messageId: info.messageId, accepted: addressesOf(info.accepted) };
  } finally {
    transport.close();
  }
}

function outboxFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`;
}

async function writeToOutbox(message: MailMessage): Promise<MailDelivery> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: env().MAIL_FROM, ...message });
  // With `buffer: true` the stream transport always answers with the whole message as a Buffer.
  if (!Buffer.isBuffer(info.message)) throw new Error('The outbox transport did not return the message');
  const raw = info.message;
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, outboxFileName(new Date()));
  await writeFile(file, raw);
  const links = linksIn(message);
  const line = `[mail] outbox to=${message.to} subject=${JSON.stringify(message.subject)}${
    links.length ? ` links=${links.join(' ')}` : ''
  } file=${file}`;
  console.info(line);
  await appendFile(path.join(dir, 'outbox.log'), `${new Date().toISOString()} ${line}\n`);
  return { transport: 'outbox', messageId: info.messageId, file };
}

export async function sendMail(message: MailMessage): Promise<MailDelivery> {
  const { SMTP_URL } = env();
  return SMTP_URL ? sendBySmtp(SMTP_URL, message) : writeToOutbox(message);
}

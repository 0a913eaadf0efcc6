import 'server-only';
import type { ObjectId } from 'mongodb';
import { CONTACT } from '@/lib/catalogue';
import type { ContactMessage } from '@/lib/schemas/contact';
import { getDb, withDb } from './db';
import { env } from './env';
import { sendMail } from './mail';
import { blockedForSeconds, recordFailure } from './rate-limit';
import type { Limit } from './rate-limit';

// Contact-form messages: stored first (the database is the record support works from), then
// e-mailed to the support address.

export type ContactMessageDocument = {
  _id?: ObjectId;
  firstName: string;
  lastName: string;
  subject: string;
  message: string;
  createdAt: Date;
  /** How the copy to the support address went; a failed e-mail leaves the stored message intact. */
  mail: { status: 'pending' | 'sent' | 'failed'; transport?: 'smtp' | 'outbox'; error?: string };
};

async function contactMessages() {
  return (await getDb()).collection<ContactMessageDocument>('contactMessages');
}

function limit(): Limit {
  const { CONTACT_MAX_PER_IP, CONTACT_WINDOW_SECONDS } = env();
  return { max: CONTACT_MAX_PER_IP, windowSeconds: CONTACT_WINDOW_SECONDS };
}

const ipKey = (ip: string) => `contact:ip:${ip}`;

/** Seconds until this address may send again, or 0. */
export async function contactBlockedForSeconds(ip: string): Promise<number> {
  return blockedForSeconds(ipKey(ip), limit());
}

/** Every submission counts against the address, valid or not, so the form cannot be used to flood. */
export async function recordContactSubmission(ip: string): Promise<void> {
  await recordFailure(ipKey(ip), limit());
}

export function contactMailText(input: ContactMessage): string {
  return [
    'New message from the Knowledge Zone contact form.',
    '',
    `Name: ${input.firstName} ${input.lastName}`,
    `Subject: ${input.subject}`,
    '',
    input.message,
  ].join('\n');
}

export async function submitContactMessage(input: ContactMessage): Promise<{ id: string; mailed: boolean }> {
  const document: ContactMessageDocument = { ...input, createdAt: new Date(), mail: { status: 'pending' } };
  const { insertedId } = await withDb(async () => (await contactMessages()).insertOne(document));

  let mail: ContactMessageDocument['mail'];
  try {
    // Subject lines are single-line; the visitor's text cannot add headers.
    const delivery = await sendMail({
      to: CONTACT.email,
      subject: `Contact form: ${input.subject.replace(/\s+/g, ' ')}`,
      text: contactMailText(input),
    });
    mail = { status: 'sent', transport: delivery.transport };
  } catch (error) {
    console.error('[contact] could not e-mail message', insertedId.toHexString(), error);
    mail = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  await withDb(async () => (await contactMessages()).updateOne({ _id: insertedId }, { $set: { mail } }));
  return { id: insertedId.toHexString(), mailed: mail.status === 'sent' };
}

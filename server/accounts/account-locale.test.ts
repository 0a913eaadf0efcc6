import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { localeOfUserId, setAccountLocale } from './account-locale';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { outboxDir } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';
import { requestPasswordReset } from './password-reset';
import { startEmailVerification } from './email-verification';
import { createPasswordUser, findUserDocumentByEmail } from './users';

// An account's language: remembered from the page it registered on and from the
// language switcher, and used for the e-mails the site sends it.

selectPrivateDatabase('kz_jest_account_locale');

/** The outbox's messages: the headers, then the body decoded from its transfer encoding as UTF-8. */
async function outbox(): Promise<string[]> {
  const files = (await readdir(outboxDir()).catch(() => [])).filter((file) => file.endsWith('.eml'));
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outboxDir(), file), 'latin1');
      const split = raw.search(/\r?\n\r?\n/);
      const [headers, body] = [raw.slice(0, split), raw.slice(split).trim()];
      if (/content-transfer-encoding:\s*base64/i.test(headers)) return `${headers}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
      const decoded = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return `${headers}\n\n${Buffer.from(decoded, 'latin1').toString('utf8')}`;
    }),
  );
}

async function waitForMail(count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const messages = await outbox();
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} e-mails in the outbox`);
}

beforeAll(() => {
  process.env.MAIL_OUTBOX_DIR = path.join('.data', `jest-outbox-locale-${process.pid}`);
  delete process.env.SMTP_URL;
});
beforeEach(async () => {
  await rm(outboxDir(), { recursive: true, force: true });
  await (await collection('users')).deleteMany({});
  await (await collection('rateLimits')).deleteMany({});
});
afterAll(async () => {
  await rm(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

describe('an account’s language', () => {
  it('is English unless chosen, and follows the latest choice', async () => {
    const user = await createPasswordUser({ name: 'Rafi', email: 'rafi@example.com', password: 'secret12' });
    if (!user) throw new Error('not created');
    expect(user.locale).toBe('en');
    await setAccountLocale(new ObjectId(user.id), 'bn');
    expect(await localeOfUserId(new ObjectId(user.id))).toBe('bn');
    await setAccountLocale(new ObjectId(user.id), 'en');
    expect(await localeOfUserId(new ObjectId(user.id))).toBe('en');
    expect(await localeOfUserId(new ObjectId())).toBe('en');
  });

  it('writes the verification e-mail of an account made on the Bengali site in Bengali, linking to the Bengali page', async () => {
    const user = await createPasswordUser({ name: 'Mitu', email: 'mitu@example.com', password: 'secret12', locale: 'bn' });
    if (!user) throw new Error('not created');
    startEmailVerification(user);
    const [mail] = await waitForMail(1);
    expect(mail).toContain(`${process.env.SITE_URL ?? ''}/bn/verify-email?token=`);
    expect(mail).toContain('এই লিংকটি খুলে আপনার ই-মেইল ঠিকানা নিশ্চিত করুন');
    expect(mail).toContain('২৪ ঘণ্টা');
  });

  it('writes the password reset e-mail in the account’s language, and in English by default', async () => {
    await createPasswordUser({ name: 'Nila', email: 'nila@example.com', password: 'secret12' });
    const doc = await findUserDocumentByEmail('nila@example.com');
    await setAccountLocale(doc!._id, 'bn');
    await requestPasswordReset('nila@example.com', '10.0.0.9');
    const [bengali] = await waitForMail(1);
    expect(bengali).toMatch(/\/bn\/reset-password\?token=/);
    expect(bengali).toContain('মিনিট পরে মেয়াদ শেষ হবে');

    await rm(outboxDir(), { recursive: true, force: true });
    await createPasswordUser({ name: 'Omar', email: 'omar@example.com', password: 'secret12' });
    await requestPasswordReset('omar@example.com', '10.0.0.10');
    const [english] = await waitForMail(1);
    expect(english).toMatch(/[^n]\/reset-password\?token=/);
    expect(english).toContain('Someone (hopefully you) asked to reset your password.');
  });

  it('has every e-mail text in both languages with the same placeholders', () => {
    const en = mailTexts('en');
    const bn = mailTexts('bn');
    expect(en('receiptItem', { item: 'Physics' })).toBe('Item: Physics');
    expect(bn('receiptItem', { item: 'Physics' })).toBe('পণ্য: Physics');
    expect(bn('verifyBody', { link: 'L', hours: 24 })).toContain('২৪');
  });
});

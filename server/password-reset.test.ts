import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { closeDb, collection } from './db';
import { outboxDir } from './mail';
import { verifyPassword } from './passwords';
import { requestPasswordReset, resetPassword } from './password-reset';
import { createPasswordUser, findUserDocumentByEmail } from './users';

/** The outbox keeps messages as sent (quoted-printable); links need decoding before use. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function waitForResetLink(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(outboxDir()).catch(() => []);
    for (const file of files) {
      const text = await readFile(path.join(outboxDir(), file), 'utf8');
      const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(text));
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no reset e-mail in the outbox');
}

beforeAll(async () => {
  process.env.MAIL_OUTBOX_DIR = path.join('.data', `jest-outbox-${process.pid}`);
  delete process.env.SMTP_URL;
});
beforeEach(async () => {
  await rm(outboxDir(), { recursive: true, force: true });
  await (await collection('users')).deleteMany({});
  await (await collection('rateLimits')).deleteMany({});
});
afterAll(async () => {
  await closeDb();
});

describe('password reset', () => {
  it('mails a link that sets a new password once and ends other sessions', async () => {
    await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'old-secret' });
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    const token = await waitForResetLink();

    expect(await resetPassword(token, 'new-secret')).toEqual({ ok: true });
    const doc = await findUserDocumentByEmail('ann@example.com');
    expect(await verifyPassword(doc?.passwordHash ?? '', 'new-secret')).toBe(true);
    expect(doc?.sessionVersion).toBe(1);

    expect(await resetPassword(token, 'third-secret')).toEqual({ ok: false, reason: 'used' });
  });

  it('sends nothing for an unknown address and gives the caller nothing to tell it apart', async () => {
    await expect(requestPasswordReset('nobody@example.com', '10.0.0.1')).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readdir(outboxDir()).catch(() => [])).toHaveLength(0);
  });
});

import { readFile, readdir, rm } from 'node:fs/promises';
import { ObjectId } from 'mongodb';
import path from 'node:path';
import { closeDb, collection } from '../platform/db';
import { outboxDir } from '../platform/mail';
import { verifyPassword } from './passwords';
import { requestPasswordReset, resetLinkStatus, resetPassword } from './password-reset';
import { issueToken } from './account-tokens';
import { verifyEmail } from './email-verification';
import { endAllSessions } from './sessions';
import { createPasswordUser, findUserDocumentByEmail } from './users';

/** The outbox keeps messages as sent (quoted-printable); links need decoding before use. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The distinct reset tokens mailed so far, once there are at least `count`. */
async function waitForResetLinks(count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const tokens = new Set<string>();
    const files = await readdir(outboxDir()).catch(() => []);
    for (const file of files) {
      const text = decodeQuotedPrintable(await readFile(path.join(outboxDir(), file), 'utf8'));
      for (const match of text.matchAll(/\/reset-password\?token=([A-Za-z0-9_-]{43})/g)) if (match[1]) tokens.add(match[1]);
    }
    if (tokens.size >= count) return [...tokens];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} reset e-mails in the outbox`);
}

async function waitForResetLink(): Promise<string> {
  const [token] = await waitForResetLinks(1);
  if (!token) throw new Error('no reset e-mail in the outbox');
  return token;
}

/** The text of every mail in the outbox (not the log). */
async function outboxMessages(): Promise<string[]> {
  const files = (await readdir(outboxDir()).catch(() => [])).filter((file) => file.endsWith('.eml'));
  return Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(outboxDir(), file), 'utf8'))));
}

beforeAll(async () => {
  process.env.MAIL_OUTBOX_DIR = path.join('.data', `jest-outbox-${process.pid}`);
  delete process.env.SMTP_URL;
});
beforeEach(async () => {
  await rm(outboxDir(), { recursive: true, force: true });
  await (await collection('users')).deleteMany({});
  await (await collection('rateLimits')).deleteMany({});
  await (await collection('authTokens')).deleteMany({});
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

  it('kills every other outstanding reset link, and the verification links, once one was used', async () => {
    const user = await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'old-secret' });
    if (!user) throw new Error('no user');
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    const [first, second] = await waitForResetLinks(2);
    const verifyLink = await issueToken('verify-email', new ObjectId(user.id));

    expect(await resetPassword(second ?? '', 'new-secret')).toEqual({ ok: true });
    // The older link, kept by whoever read the mailbox earlier, no longer sets a password.
    expect(await resetPassword(first ?? '', 'attacker-secret')).toEqual({ ok: false, reason: 'invalid' });
    const doc = await findUserDocumentByEmail('ann@example.com');
    expect(await verifyPassword(doc?.passwordHash ?? '', 'new-secret')).toBe(true);
    expect(await verifyEmail(verifyLink)).toEqual({ ok: false, reason: 'invalid' });
    expect(await (await collection('authTokens')).countDocuments({ userId: new ObjectId(user.id) })).toBe(0);
  });

  it('lets only one of two links of the same mailing set a password when both are used at once', async () => {
    await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'old-secret' });
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    const [first, second] = await waitForResetLinks(2);
    const outcomes = await Promise.all([resetPassword(first ?? '', 'first-secret'), resetPassword(second ?? '', 'second-secret')]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect((await findUserDocumentByEmail('ann@example.com'))?.sessionVersion).toBe(1);
  });

  it('ends outstanding links when the account signs out everywhere', async () => {
    const user = await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'old-secret' });
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    const token = await waitForResetLink();
    await endAllSessions(new ObjectId(user?.id));
    expect(await resetPassword(token, 'new-secret')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tells whether a link still works without using it up', async () => {
    const user = await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'old-secret' });
    await requestPasswordReset('ann@example.com', '10.0.0.1');
    const token = await waitForResetLink();

    // Opened twice (a mail scanner, then the owner): still good.
    expect(await resetLinkStatus(token)).toEqual({ ok: true });
    expect(await resetLinkStatus(token)).toEqual({ ok: true });
    expect(await resetPassword(token, 'new-secret')).toEqual({ ok: true });
    // Reused: the page says so before anyone types a password.
    expect(await resetLinkStatus(token)).toEqual({ ok: false, reason: 'used' });

    expect(await resetLinkStatus('not-a-real-token')).toEqual({ ok: false, reason: 'invalid' });
    const verifyLink = await issueToken('verify-email', new ObjectId(user?.id));
    expect(await resetLinkStatus(verifyLink)).toEqual({ ok: false, reason: 'invalid' });
    const old = await issueToken('password-reset', new ObjectId(user?.id), { now: new Date(Date.now() - 31 * 60_000), sessionVersion: 1 });
    expect(await resetLinkStatus(old)).toEqual({ ok: false, reason: 'expired' });
  });

  it('greets without the name the account was registered with', async () => {
    await createPasswordUser({ name: 'Zebulon Quux', email: 'zq@example.com', password: 'old-secret' });
    await requestPasswordReset('zq@example.com', '10.0.0.1');
    await waitForResetLink();
    const [message] = await outboxMessages();
    expect(message).toContain('Hello,');
    expect(message).not.toContain('Zebulon');
  });
});

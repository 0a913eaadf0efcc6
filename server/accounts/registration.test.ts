import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { registerSchema } from '@/lib/schemas/auth';
import { closeDb, collection } from '../platform/db';
import { HttpError } from '../platform/http';
import { outboxDir } from '../platform/mail';
import { TOO_MANY_SIGN_UPS, registerAccount } from './registration';
import { englishText } from '@/server/platform/english-text';

// Sign-ups are limited per client and for the whole site, in the database (every instance shares
// the counts). Small limits here; production defaults are in .env.example.
selectPrivateDatabase('kz_jest_registration');
process.env.REGISTER_MAX_PER_IP = '3';
process.env.REGISTER_MAX_TOTAL = '5';
process.env.REGISTER_WINDOW_SECONDS = '3600';
process.env.MAIL_OUTBOX_DIR = path.join('.data', `jest-outbox-registration-${process.pid}`);
delete process.env.SMTP_URL;

beforeEach(async () => {
  await (await collection('rateLimits')).deleteMany({});
  await (await collection('users')).deleteMany({});
});
afterAll(async () => {
  // Verification mails are written in the background; rm retries while the last ones land.
  await rm(outboxDir(), { recursive: true, force: true, maxRetries: 10 });
  await closeDb();
});

let serial = 0;
function signUp(ip: string, email = `new-${(serial += 1)}@example.com`, name = 'Nadia Islam') {
  return registerAccount(registerSchema.parse({ name, email, password: 'secret12' }), ip);
}

async function expectTooMany(attempt: Promise<unknown>) {
  const error: unknown = await attempt.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  const { status, message, headers } = error as HttpError;
  expect({ status, message }).toEqual({ status: 429, message: englishText(TOO_MANY_SIGN_UPS) });
  expect(Number(headers?.['Retry-After'])).toBeGreaterThan(0);
}

describe('registration limits', () => {
  it('answers 429 with Retry-After once a client has signed up its allowance, and creates nothing more', async () => {
    for (let index = 0; index < 3; index += 1) expect(await signUp('10.0.0.1')).toEqual({ created: true });
    await expectTooMany(signUp('10.0.0.1'));
    expect(await (await collection('users')).countDocuments({})).toBe(3);
    // Another client is not held back by this one.
    expect(await signUp('10.0.0.2')).toEqual({ created: true });
  });

  it('counts tries with an address that already has an account: probing addresses is just as limited', async () => {
    expect(await signUp('10.0.0.3', 'known@example.com')).toEqual({ created: true });
    expect(await signUp('10.0.0.3', 'known@example.com')).toEqual({ created: false });
    expect(await signUp('10.0.0.3', 'known@example.com')).toEqual({ created: false });
    await expectTooMany(signUp('10.0.0.3', 'known@example.com'));
    await expectTooMany(signUp('10.0.0.3', 'unknown@example.com'));
  });

  it('caps sign-ups for the whole site, from however many addresses', async () => {
    for (let index = 0; index < 5; index += 1) expect(await signUp(`10.0.1.${index}`)).toEqual({ created: true });
    await expectTooMany(signUp('10.0.1.99'));
    expect(await (await collection('users')).countDocuments({})).toBe(5);
  });

  it('lets only the allowance through when a client signs up in parallel', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => signUp('10.0.2.1')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await (await collection('users')).countDocuments({})).toBe(3);
  });
});

describe('the verification e-mail', () => {
  it('greets without the name that was typed in', async () => {
    await signUp('10.0.3.1', 'greeting@example.com', 'Zebulon Quux');
    let text = '';
    for (let attempt = 0; attempt < 50 && !text; attempt += 1) {
      const files = (await readdir(outboxDir()).catch(() => [])).filter((file) => file.endsWith('.eml'));
      const messages = await Promise.all(files.map((file) => readFile(path.join(outboxDir(), file), 'utf8')));
      text = messages.find((message) => message.includes('greeting@example.com')) ?? '';
      if (!text) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(text).toContain('Hello,');
    expect(text).not.toContain('Zebulon');
  });
});

import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { loginDelayMs, passwordSignIn } from './login-attempts';
import { requestPasswordReset, resetPassword } from './password-reset';
import type { PasswordSignIn } from './login-attempts';
import { createPasswordUser } from './users';
import { withEmail } from '@/tests/support/accounts';

// Password sign-in against the real database: which client is refused, who is only slowed, and
// the owner's "under attack" e-mail. The waits are scaled down (LOGIN_DELAY_MS, LOGIN_MAX_DELAY_MS)
// so the file stays fast; to measure the production ones:
//   LOGIN_DELAY_MS=250 LOGIN_MAX_DELAY_MS=3000 REPORT_LOGIN_TIMINGS=1 npx jest --runInBand server/accounts/login-attempts.test.ts
selectPrivateDatabase('kz_login_attempts');
const outbox = temporaryOutbox('kz-login-attempts-outbox-');
process.env.LOGIN_MAX_FAILURES = '5';
process.env.LOGIN_MAX_FAILURES_PER_IP = '20';
process.env.LOGIN_WINDOW_SECONDS = '900';
process.env.LOGIN_DELAY_MS ??= '10';
process.env.LOGIN_MAX_DELAY_MS ??= '80';
const FIRST_DELAY_MS = Number(process.env.LOGIN_DELAY_MS);
const MAX_DELAY_MS = Number(process.env.LOGIN_MAX_DELAY_MS);

// The production waits make the file take a minute or two.
if (process.env.REPORT_LOGIN_TIMINGS) jest.setTimeout(120_000);

const PASSWORD = 'right-secret-1';
const timings: string[] = [];

// The outbox logs each message it writes.
beforeAll(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
beforeEach(async () => {
  await (await collection('rateLimits')).deleteMany({});
  await (await collection('usedTokens')).deleteMany({});
  await (await collection('users')).deleteMany({});
});
afterAll(async () => {
  if (process.env.REPORT_LOGIN_TIMINGS) process.stdout.write(`login timings (LOGIN_DELAY_MS=${FIRST_DELAY_MS}, LOGIN_MAX_DELAY_MS=${MAX_DELAY_MS})\n${timings.join('\n')}\n`);
  jest.restoreAllMocks();
  await closeDb();
});

async function account(email: string, locale?: 'en' | 'bn') {
  const user = await createPasswordUser({ name: 'Owner', email, password: PASSWORD, ...(locale ? { locale } : {}) });
  if (!user) throw new Error(`could not create ${email}`);
  return withEmail(user);
}

async function timed(attempt: Promise<PasswordSignIn>): Promise<{ outcome: PasswordSignIn; ms: number }> {
  const started = performance.now();
  const outcome = await attempt;
  return { outcome, ms: performance.now() - started };
}

const reasonOf = (outcome: PasswordSignIn) => (outcome.ok ? 'ok' : outcome.reason);
const delayOf = (outcome: PasswordSignIn) => ('delayMs' in outcome ? outcome.delayMs : null);
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;

/** `count` wrong passwords for `email` from each address, the addresses at once. */
async function guessFrom(email: string, addresses: string[], count: number): Promise<PasswordSignIn[]> {
  const perAddress = await Promise.all(
    addresses.map(async (address) => {
      const outcomes: PasswordSignIn[] = [];
      for (let index = 0; index < count; index += 1) outcomes.push(await passwordSignIn(email, `guess-${index}`, address));
      return outcomes;
    }),
  );
  return perAddress.flat();
}

/**
 * The messages mailed to `email` so far, once `count` have arrived and a moment more: the alert
 * goes out after the answer (and an earlier test's may land in this one's outbox).
 */
async function mailsTo(email: string, count: number): Promise<string[]> {
  const mine = () => outbox.messages().filter((message) => message.includes(`\nTo: ${email}\n`));
  for (let waited = 0; waited < 5000 && mine().length < count; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mine();
}

/** The text of a message, decoded from the transfer encoding the outbox chose for it. */
function bodyOf(message = ''): string {
  const end = message.search(/\r?\n\r?\n/);
  const [head, body] = end < 0 ? [message, ''] : [message.slice(0, end), message.slice(end).trim()];
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The Subject header, its folded lines joined and non-ASCII words (RFC 2047, base64 or Q) decoded. */
function subjectOf(message: string | undefined): string | undefined {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(message ?? '')?.[1];
  return header
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))), 'latin1').toString('utf8'),
    );
}

describe('the wait before a try', () => {
  it('grows from the first failure past the threshold and stops at the ceiling (production settings)', () => {
    // env.ts's defaults: LOGIN_DELAY_MS 250, LOGIN_MAX_DELAY_MS 3000, from 5 failures on an account and 20 from an address.
    const scale = { firstMs: 250, maxMs: 3000 };
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map((failures) => loginDelayMs(failures, 5, scale))).toEqual([0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000, 3000]);
    expect([19, 20, 23, 24, 200].map((failures) => loginDelayMs(failures, 20, scale))).toEqual([0, 250, 2000, 3000, 3000]);
    expect(loginDelayMs(100, 5, { firstMs: 0, maxMs: 3000 })).toBe(0);
  });
});

describe('an attacker does not lock the owner out', () => {
  it("lets the owner in from another address after an attacker's 50 wrong passwords from one", async () => {
    const owner = await account('owner-a@example.com');
    const attacker: string[] = [];
    for (let index = 0; index < 50; index += 1) attacker.push(reasonOf(await passwordSignIn(owner.email, `guess-${index}`, '203.0.113.66')));
    expect(attacker.slice(0, 5)).toEqual(Array(5).fill('invalid'));
    expect(new Set(attacker.slice(5))).toEqual(new Set(['blocked']));

    const { outcome, ms } = await timed(passwordSignIn(owner.email, PASSWORD, '198.51.100.7'));
    expect(outcome).toMatchObject({ ok: true, user: { id: owner.id } });
    // The 5 failures the attacker's address got to make slow the account by the first step.
    expect(delayOf(outcome)).toBe(FIRST_DELAY_MS);
    expect(ms).toBeGreaterThanOrEqual(FIRST_DELAY_MS - 1);
    timings.push(`(a) owner's sign-in from another address after 50 tries from one (5 checked, 45 refused): ${ms.toFixed(0)} ms, of which ${delayOf(outcome)} ms wait`);
  });

  it('lets the owner in, only slowed, after 50 wrong passwords from 10 addresses', async () => {
    const owner = await account('owner-a2@example.com');
    const addresses = Array.from({ length: 10 }, (_, index) => `203.0.113.${10 + index}`);
    const outcomes = await guessFrom(owner.email, addresses, 5);
    expect(outcomes.map(reasonOf)).toEqual(Array(50).fill('invalid'));

    const { outcome, ms } = await timed(passwordSignIn(owner.email, PASSWORD, '198.51.100.7'));
    expect(outcome).toMatchObject({ ok: true, user: { id: owner.id } });
    expect(delayOf(outcome)).toBe(MAX_DELAY_MS);
    expect(ms).toBeGreaterThanOrEqual(MAX_DELAY_MS - 1);
    const attackerWaits = outcomes.map(delayOf).filter((delay): delay is number => delay !== null);
    timings.push(
      `(a) owner's sign-in after 50 failures from 10 addresses: ${ms.toFixed(0)} ms, of which ${delayOf(outcome)} ms wait; the attackers' tries waited ${range(attackerWaits)}`,
    );
  });
});

describe('people behind one shared address', () => {
  it('each sign in with the right password while one of them keeps failing', async () => {
    const shared = '192.0.2.10';
    const people = await Promise.all(Array.from({ length: 20 }, (_, index) => account(`pupil-${index}@school.example`)));
    // One of them has forgotten their address and password: 50 wrong tries over ten spellings.
    const spellings = Array.from({ length: 10 }, (_, index) => `pupil-typo-${index}@school.example`);
    const failures = (await Promise.all(spellings.map((email) => guessFrom(email, [shared], 5)))).flat();
    expect(failures.map(reasonOf)).toEqual(Array(50).fill('invalid'));

    const started = performance.now();
    let total = 0;
    const [signIns] = await Promise.all([
      Promise.all(people.map((person) => timed(passwordSignIn(person.email, PASSWORD, shared)))).finally(() => {
        total = performance.now() - started;
      }),
      // … and keeps failing meanwhile.
      guessFrom('pupil-typo-more@school.example', [shared], 5),
    ]);
    expect(signIns.map(({ outcome }) => reasonOf(outcome))).toEqual(Array(20).fill('ok'));
    // Slowed by the address's failures, not refused.
    expect(signIns.map(({ outcome }) => delayOf(outcome))).toEqual(Array(20).fill(MAX_DELAY_MS));
    timings.push(
      `(b) 20 sign-ins at once behind one address with 50 failures from it: all done in ${total.toFixed(0)} ms, each ${range(signIns.map(({ ms }) => ms))}, of which ${MAX_DELAY_MS} ms wait`,
    );
  });
});

describe('one client guessing one account', () => {
  it('is refused after LOGIN_MAX_FAILURES wrong passwords, with the seconds to wait, while the owner elsewhere is not', async () => {
    const owner = await account('owner-c@example.com');
    const outcomes: PasswordSignIn[] = [];
    for (let index = 0; index < 6; index += 1) outcomes.push(await passwordSignIn(owner.email, `guess-${index}`, '203.0.113.5'));
    expect(outcomes.map(reasonOf)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'blocked']);
    expect(outcomes[5]).toEqual({ ok: false, reason: 'blocked', retryAfterSeconds: expect.any(Number) });
    const retryAfter = outcomes[5] && !outcomes[5].ok && outcomes[5].reason === 'blocked' ? outcomes[5].retryAfterSeconds : 0;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The right password from that client waits out the block too; from another client it works.
    expect(reasonOf(await passwordSignIn(owner.email, PASSWORD, '203.0.113.5'))).toBe('blocked');
    expect(reasonOf(await passwordSignIn(owner.email, PASSWORD, '198.51.100.8'))).toBe('ok');
  });

  it('checks no more than LOGIN_MAX_FAILURES passwords of many sent at once', async () => {
    const owner = await account('owner-burst@example.com');
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => passwordSignIn(owner.email, `guess-${index}`, '203.0.113.9')));
    expect(outcomes.filter((outcome) => reasonOf(outcome) === 'invalid')).toHaveLength(5);
    expect(outcomes.filter((outcome) => reasonOf(outcome) === 'blocked')).toHaveLength(15);
  });

  it('clears on the right password, and every client of the account on a password reset', async () => {
    const owner = await account('owner-clear@example.com');
    await guessFrom(owner.email, ['203.0.113.30'], 4);
    expect(reasonOf(await passwordSignIn(owner.email, PASSWORD, '203.0.113.30'))).toBe('ok');
    // A fresh budget for the owner's own client.
    expect((await guessFrom(owner.email, ['203.0.113.30'], 5)).map(reasonOf)).toEqual(Array(5).fill('invalid'));
    await guessFrom(owner.email, ['203.0.113.31'], 5);
    expect(reasonOf(await passwordSignIn(owner.email, PASSWORD, '203.0.113.30'))).toBe('blocked');

    // The owner resets the password through the e-mailed link: both clients may sign in again.
    await requestPasswordReset(owner.email, '203.0.113.30');
    const [resetMail] = (await mailsTo(owner.email, 2)).filter((message) => bodyOf(message).includes('/reset-password?token='));
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(bodyOf(resetMail))?.[1] ?? '';
    expect(await resetPassword(token, 'new-secret-2')).toEqual({ ok: true });
    expect(reasonOf(await passwordSignIn(owner.email, 'new-secret-2', '203.0.113.30'))).toBe('ok');
    expect(reasonOf(await passwordSignIn(owner.email, 'new-secret-2', '203.0.113.31'))).toBe('ok');
  });
});

describe('the owner is told', () => {
  it('with exactly one e-mail for many wrong passwords sent at once from many addresses', async () => {
    const owner = await account('owner-d@example.com');
    const attempts = Array.from({ length: 20 }, (_, index) => passwordSignIn(owner.email, `guess-${index}`, `203.0.113.${100 + index}`));
    expect((await Promise.all(attempts)).map(reasonOf)).toEqual(Array(20).fill('invalid'));
    // More of them later in the same window: still the one e-mail.
    await guessFrom(owner.email, ['203.0.113.200', '203.0.113.201'], 3);

    const mails = await mailsTo(owner.email, 1);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0])).toBe('Wrong passwords tried on your Knowledge Zone account');
    expect(bodyOf(mails[0])).toMatch(/with a wrong password \d+ times in the last 15 minutes/);
    expect(bodyOf(mails[0])).toContain('http://127.0.0.1:3000/login');
  });

  it("in the account's language, and not before LOGIN_MAX_FAILURES failures", async () => {
    const owner = await account('owner-bn@example.com', 'bn');
    await guessFrom(owner.email, ['203.0.113.40', '203.0.113.41'], 2);
    expect(await mailsTo(owner.email, 0)).toHaveLength(0);
    await guessFrom(owner.email, ['203.0.113.42'], 1);

    const mails = await mailsTo(owner.email, 1);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0])).toBe('আপনার নলেজ জোন অ্যাকাউন্টে ভুল পাসওয়ার্ড দিয়ে ঢোকার চেষ্টা হয়েছে');
    expect(bodyOf(mails[0])).toContain('গত ১৫ মিনিটে কেউ ৫ বার ভুল পাসওয়ার্ড দিয়ে');
    expect(bodyOf(mails[0])).toContain('http://127.0.0.1:3000/bn/login');
  });

  it('not at all for an address without an account, which answers like one with an account', async () => {
    const owner = await account('owner-twin@example.com');
    const ghost = 'nobody-here@example.com';
    // One address after the other, so both meet the same counts at each try.
    const known = [...(await guessFrom(owner.email, ['203.0.113.50'], 6)), ...(await guessFrom(owner.email, ['203.0.113.51'], 6))];
    const unknown = [...(await guessFrom(ghost, ['203.0.113.60'], 6)), ...(await guessFrom(ghost, ['203.0.113.61'], 6))];
    expect(unknown.map(reasonOf)).toEqual(known.map(reasonOf));
    expect(unknown.map(delayOf)).toEqual(known.map(delayOf));
    expect(outbox.messages().filter((message) => message.includes(ghost))).toHaveLength(0);
    expect(await mailsTo(owner.email, 1)).toHaveLength(1);
  });
});

import { answerToRefusal, fakeDateAt, statusOf } from '@/tests/support/expectations';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { englishText } from '@/server/platform/english-text';
import { lastSmsCode, smsTexts } from '@/tests/support/sms-outbox';

// One-time codes by SMS against the real embedded database: what is sent and how a code is
// checked, and the abuse rules — the caps per number, client address and device, exactly one SMS
// for parallel requests, tries counted before a code is compared, one use, five minutes.
selectPrivateDatabase('kz_jest_phone_codes');
const outbox = temporaryOutbox('kz-phone-codes-');

type Modules = {
  codes: typeof import('./phone-codes');
  db: typeof import('../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = { codes: await import('./phone-codes'), db: await import('../platform/db') };
});

beforeEach(async () => {
  jest.useRealTimers();
  const db = await m.db.getDb();
  await Promise.all(['phoneCodes', 'rateLimits', 'smsMessages'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  jest.useRealTimers();
  // The last test's SMS is still being written to the outbox after its answer.
  await (await import('../platform/sms')).smsDeliveriesSettled();
  await m.db.closeDb();
});

const PHONE = '+8801712345678';
let clients = 0;
/** A requester of its own (address and device), so only the number's caps are shared between tests. */
const requester = (overrides: Partial<import('./phone-codes').CodeRequester> = {}) => ({ clientIp: `10.0.0.${(clients += 1)}`, deviceId: `device-${clients}`, locale: 'en' as const, ...overrides });

const smsTo = async (phone: string) => smsTexts(outbox, await m.db.getDb(), phone);
const lastCode = async (phone: string) => lastSmsCode(outbox, await m.db.getDb(), phone);

describe('sending a code', () => {
  it('sends a 6-digit code by SMS, in the origin-bound format browsers fill in, in the learner’s language', async () => {
    const answer = await m.codes.requestPhoneCode('sign-in', { phone: '01712-345678' }, requester());
    expect(answer).toEqual({ phone: PHONE, expiresInSeconds: 300, resendAfterSeconds: 60 });
    const [text] = await smsTo(PHONE);
    expect(text).toMatch(/^Your Knowledge Zone code is (\d{6})\. It expires in 5 minutes\. Do not share it\.\n\n@[^\s#]+ #\1$/);

    await m.codes.requestPhoneCode('sign-in', { phone: '+8801812345678' }, requester({ locale: 'bn' }));
    expect((await smsTo('+8801812345678'))[0]).toMatch(/^নলেজ জোন কোড \d{6}। ৫ মিনিট কাজ করবে।/);
    // Only the hash is kept.
    const stored = await (await m.db.collection('phoneCodes')).findOne({ _id: PHONE });
    expect(JSON.stringify(stored)).not.toContain(await lastCode(PHONE));
  });

  it('sends exactly one SMS for 20 requests for one number at the same moment; the others wait a minute', async () => {
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester())));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 'rejected').map((answer) => (answer as PromiseRejectedResult).reason as { status: number; headers: Record<string, string> });
    expect(refused.map((error) => error.status)).toEqual(Array(19).fill(429));
    expect(Number(refused[0]?.headers['Retry-After'])).toBeGreaterThan(50);
    expect(await smsTo(PHONE)).toHaveLength(1);
    expect(await answerToRefusal(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester()))).toMatchObject({ status: 429, body: { message: expect.stringMatching(/^Please wait \d+ seconds before asking for another code\.$/) } });
  });

  it('sends a number at most 5 codes in 15 minutes and 10 a day, whoever asks', async () => {
    const start = Date.parse('2030-03-01T06:00:00Z');
    const at = async (minutes: number) => {
      fakeDateAt(new Date(start + minutes * 60_000).toISOString());
      return statusOf(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester()));
    };
    expect([await at(0), await at(1.1), await at(2.2), await at(3.3), await at(4.4)]).toEqual([200, 200, 200, 200, 200]);
    expect(await at(5.5)).toBe(429);
    fakeDateAt(new Date(start + 6.6 * 60_000).toISOString());
    expect(await answerToRefusal(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester()))).toMatchObject({ body: { message: 'Please wait 9 minutes before asking for another code.' } });
    expect([await at(16), await at(17.1), await at(18.2), await at(19.3), await at(20.4)]).toEqual([200, 200, 200, 200, 200]);
    expect(await at(40)).toBe(429);
    fakeDateAt(new Date(start + 41.1 * 60_000).toISOString());
    expect(await answerToRefusal(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester()))).toMatchObject({ body: { message: 'Please wait 24 hours before asking for another code.' } });
    expect(await smsTo(PHONE)).toHaveLength(10);
  });

  it('caps the codes one client address and one device ask for, across numbers', async () => {
    const fromOneAddress = requester();
    const numbers = Array.from({ length: 21 }, (_, index) => `+88017100000${String(index).padStart(2, '0')}`);
    const statuses = [];
    for (const [index, phone] of numbers.entries()) statuses.push(await statusOf(m.codes.requestPhoneCode('sign-in', { phone }, { ...fromOneAddress, deviceId: `other-${index}` })));
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);

    const oneDevice = requester();
    const deviceStatuses = [];
    for (let index = 0; index < 11; index += 1) deviceStatuses.push(await statusOf(m.codes.requestPhoneCode('sign-in', { phone: `+88019100000${String(index).padStart(2, '0')}` }, { ...oneDevice, clientIp: `10.9.0.${index}` })));
    expect(deviceStatuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('lets no client past its cap use up a number: its refused requests leave the number free for its owner', async () => {
    const attacker = requester();
    for (let index = 0; index < 20; index += 1) await m.codes.requestPhoneCode('sign-in', { phone: `+88017200000${String(index).padStart(2, '0')}` }, { ...attacker, deviceId: `spent-${index}` });
    const refused = await Promise.all(Array.from({ length: 5 }, () => statusOf(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, { ...attacker, deviceId: null }))));
    expect(refused).toEqual(Array(5).fill(429));
    expect(await statusOf(m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester()))).toBe(200);
    expect(await smsTo(PHONE)).toHaveLength(1);
  });

  it('answers a reset for a number without an account as for one with, and sends it nothing', async () => {
    const withAccount = await m.codes.requestPhoneCode('reset', { phone: PHONE }, requester(), async () => true);
    const without = await m.codes.requestPhoneCode('reset', { phone: '+8801912345678' }, requester(), async () => false);
    expect(without).toEqual({ ...withAccount, phone: '+8801912345678' });
    expect(await smsTo('+8801912345678')).toEqual([]);
    // No code works for it, and its number's caps count the same.
    expect(await statusOf(m.codes.checkPhoneCode('reset', { phone: '+8801912345678', code: '123456' }))).toBe(400);
    expect(await statusOf(m.codes.requestPhoneCode('reset', { phone: '+8801912345678' }, requester(), async () => false))).toBe(429);
  });

  it('refuses a malformed number with 400 and sends nothing', async () => {
    for (const phone of ['', '12345', 'student@knowledgezone.test', 42, null]) {
      expect(await statusOf(m.codes.requestPhoneCode('sign-in', { phone }, requester()))).toBe(400);
    }
    expect(await statusOf(m.codes.requestPhoneCode('sign-in', 'not an object', requester()))).toBe(400);
    expect(await (await m.db.collection('smsMessages')).countDocuments({})).toBe(0);
  });
});

describe('checking a code', () => {
  it('takes the right code once, and then no code of that number', async () => {
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const code = await lastCode(PHONE);
    expect(await m.codes.checkPhoneCode('sign-in', { phone: '01712 345678', code })).toBe(PHONE);
    expect(await answerToRefusal(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code }))).toEqual({ status: 400, body: { message: englishText(m.codes.CODE_EXPIRED), code: m.codes.CODE_EXPIRED } });
    // A code is for its purpose only.
    await m.codes.requestPhoneCode('link', { phone: '+8801812345678' }, requester());
    expect(await statusOf(m.codes.checkPhoneCode('sign-in', { phone: '+8801812345678', code: await lastCode('+8801812345678') }))).toBe(400);
  });

  it('takes the code of an earlier SMS that came late, and then none of them', async () => {
    const start = Date.parse('2030-03-01T06:00:00Z');
    fakeDateAt(new Date(start).toISOString());
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const first = await lastCode(PHONE);
    fakeDateAt(new Date(start + 61_000).toISOString());
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const second = await lastCode(PHONE);
    expect(await m.codes.checkPhoneCode('sign-in', { phone: PHONE, code: first })).toBe(PHONE);
    expect(await statusOf(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code: second }))).toBe(400);
  });

  it('stops working after 5 minutes', async () => {
    const start = Date.parse('2030-03-01T06:00:00Z');
    fakeDateAt(new Date(start).toISOString());
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const code = await lastCode(PHONE);
    fakeDateAt(new Date(start + 5 * 60_000 + 1000).toISOString());
    expect(await answerToRefusal(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code }))).toEqual({ status: 400, body: { message: englishText(m.codes.CODE_EXPIRED), code: m.codes.CODE_EXPIRED } });
  });

  it('allows 5 tries, then the right code fails too', async () => {
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const code = await lastCode(PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let attempt = 0; attempt < 5; attempt += 1) messages.push(((await answerToRefusal(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code: wrong }))).body as { message: string }).message);
    expect(messages).toEqual(['That code is not right. Tries left: 4.', 'That code is not right. Tries left: 3.', 'That code is not right. Tries left: 2.', 'That code is not right. Tries left: 1.', englishText(m.codes.TOO_MANY_TRIES)]);
    expect(await statusOf(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code }))).toBe(400);
  });

  it('counts parallel guesses before comparing them: 30 at once leave no try for the right code', async () => {
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const code = await lastCode(PHONE);
    const guesses = Array.from({ length: 30 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    const statuses = await Promise.all(guesses.map((guess) => statusOf(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code: guess }))));
    expect(statuses).toEqual(Array(30).fill(400));
    expect(await statusOf(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code }))).toBe(400);
  });

  it('signs in once for the right code sent 10 times at the same moment', async () => {
    await m.codes.requestPhoneCode('sign-in', { phone: PHONE }, requester());
    const code = await lastCode(PHONE);
    const statuses = await Promise.all(Array.from({ length: 10 }, () => statusOf(m.codes.checkPhoneCode('sign-in', { phone: PHONE, code }))));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  });

  it('refuses a malformed code or number with 400', async () => {
    for (const input of [{ phone: PHONE, code: '12345' }, { phone: PHONE, code: 'abcdef' }, { phone: PHONE }, { phone: 'x', code: '123456' }, null]) {
      expect(await statusOf(m.codes.checkPhoneCode('sign-in', input))).toBe(400);
    }
  });
});

import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_sms_queue');
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { closeDb, collection } from '../db';
import { utcDay } from './daily-cap';
import { queueSms, smsAvailable, smsCounts, smsDeliveriesSettled } from './index';
import { SMS_USAGE_HOURS, smsUsage } from './usage';

// The queue with the outbox provider (the default outside production): at most one SMS per key,
// however many calls queue it and however many at once, sent after the call returns.

const outbox = temporaryOutbox('kz-sms-queue-');

const smsFiles = () => readdirSync(outbox.directory).filter((name) => /^sms-.*\.txt$/.test(name));

async function waitFor<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sentMessage = (key: string) =>
  waitFor(async () => {
    const doc = await (await collection('smsMessages')).findOne({ _id: key });
    return doc?.status === 'sent' ? doc : null;
  }, `${key} to be sent`);

async function todaysCount(): Promise<number> {
  return (await (await collection('smsDays')).findOne({ _id: utcDay(new Date()) }))?.queued ?? 0;
}

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await smsDeliveriesSettled();
  await closeDb();
});

it('is available outside production without any setting (the outbox)', () => {
  expect(smsAvailable()).toBe(true);
});

it('sends a queued message after the call, once, and drops its text from the database once sent', async () => {
  const before = await todaysCount();
  expect(await queueSms('code-once', { to: '+8801712345678', text: 'Your Knowledge Zone code is 482913' })).toBe('queued');
  const sent = await sentMessage('code-once');

  expect(sent).toMatchObject({ to: '+8801712345678', attempts: 1 });
  expect(sent.text).toBeUndefined();
  expect(sent.sentAt).toBeInstanceOf(Date);
  expect(sent.clientMessageId).toMatch(/^[0-9a-f]{20}$/);
  const files = smsFiles();
  expect(files).toEqual([sent.providerId]);
  expect(readFileSync(path.join(outbox.directory, files[0] ?? ''), 'utf8')).toContain('Your Knowledge Zone code is 482913');
  expect(console.info).toHaveBeenCalledWith(expect.stringContaining('[sms] outbox to=+8801712345678 text="Your Knowledge Zone code is 482913" file='));
  expect(await todaysCount()).toBe(before + 1);

  // Queuing the same key again, even after it went out, sends nothing more and counts nothing more.
  expect(await queueSms('code-once', { to: '+8801712345678', text: 'Your Knowledge Zone code is 482913' })).toBe('queued');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smsFiles()).toHaveLength(1);
  expect(await todaysCount()).toBe(before + 1);
});

it('keeps one document and sends one SMS for one key queued 20 times at once', async () => {
  const before = await todaysCount();
  const answers = await Promise.all(Array.from({ length: 20 }, () => queueSms('code-parallel', { to: '+8801812345678', text: 'Your code is 105577' })));

  expect(answers).toEqual(Array.from({ length: 20 }, () => 'queued'));
  await sentMessage('code-parallel');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await (await collection('smsMessages')).countDocuments({ _id: 'code-parallel' })).toBe(1);
  expect(smsFiles()).toHaveLength(1);
  expect(await todaysCount()).toBe(before + 1);
});

it('refuses a number that is not E.164 and an empty text, queuing nothing', async () => {
  await expect(queueSms('code-bad-number', { to: '01712345678', text: 'Your code is 1' })).rejects.toThrow(/E\.164/);
  await expect(queueSms('code-empty', { to: '+8801712345678', text: '' })).rejects.toThrow(/empty/);
  expect(await (await collection('smsMessages')).countDocuments({ _id: { $in: ['code-bad-number', 'code-empty'] } })).toBe(0);
});

describe('smsCounts', () => {
  // Years ahead: nothing the other tests send falls into these days.
  const now = new Date('2031-03-10T05:30:00Z');

  beforeAll(async () => {
    const base = { to: '+8801712345678', attempts: 1, clientMessageId: '00000000000000000000', nextAttemptAt: now, createdAt: now };
    await (await collection('smsMessages')).insertMany([
      { _id: 'count-1', ...base, status: 'sent', sentAt: new Date('2031-03-09T23:10:00Z') },
      { _id: 'count-2', ...base, status: 'sent', sentAt: new Date('2031-03-09T23:50:00Z') },
      { _id: 'count-3', ...base, status: 'sent', sentAt: new Date('2031-03-10T04:05:00Z') },
      // Before the first day asked for, still waiting, given up: not counted.
      { _id: 'count-old', ...base, status: 'sent', sentAt: new Date('2031-03-08T23:59:59Z') },
      { _id: 'count-pending', ...base, status: 'pending' },
      { _id: 'count-failed', ...base, status: 'failed', lastError: 'refused' },
    ]);
  });

  it('counts sent SMS per UTC day and hour, every day and hour listed', async () => {
    const counts = await smsCounts(2, now);

    expect(counts.perDay).toEqual([
      { day: '2031-03-09', sent: 2 },
      { day: '2031-03-10', sent: 1 },
    ]);
    // From the first day's midnight to the current hour: 24 + 6 hours.
    expect(counts.perHour).toHaveLength(30);
    expect(counts.perHour[0]).toEqual({ hour: '2031-03-09T00:00Z', sent: 0 });
    expect(counts.perHour.find((row) => row.hour === '2031-03-09T23:00Z')).toEqual({ hour: '2031-03-09T23:00Z', sent: 2 });
    expect(counts.perHour.find((row) => row.hour === '2031-03-10T04:00Z')).toEqual({ hour: '2031-03-10T04:00Z', sent: 1 });
    expect(counts.perHour.at(-1)).toEqual({ hour: '2031-03-10T05:00Z', sent: 0 });
    expect(counts.perHour.reduce((sum, row) => sum + row.sent, 0)).toBe(3);

    expect((await smsCounts(1, now)).perDay).toEqual([{ day: '2031-03-10', sent: 1 }]);
    expect((await smsCounts(3, now)).perDay.map((row) => row.sent)).toEqual([1, 2, 1]);
  });

  it("shows the admins today's use of the cap and the counts newest first, and no one else", async () => {
    await (await collection('smsDays')).insertOne({ _id: '2031-03-10', startsAt: new Date('2031-03-10T00:00:00Z'), queued: 4 });
    const admin = { id: '0123456789abcdef01234567', email: 'admin@example.com', role: 'admin' } as const;

    const usage = await smsUsage(admin, now);

    expect(usage.queuedToday).toBe(4);
    expect(usage.dailyCap).toBeGreaterThan(0);
    expect(usage.perDay.slice(0, 2)).toEqual([
      { day: '2031-03-10', sent: 1 },
      { day: '2031-03-09', sent: 2 },
    ]);
    expect(usage.perHour).toHaveLength(SMS_USAGE_HOURS);
    expect(usage.perHour[0]).toEqual({ hour: '2031-03-10T05:00Z', sent: 0 });
    expect(usage.perHour.at(-1)).toEqual({ hour: '2031-03-08T06:00Z', sent: 0 });
    await expect(smsUsage({ ...admin, role: 'user' }, now)).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a number of days the queue does not keep', async () => {
    await expect(smsCounts(0, now)).rejects.toThrow(RangeError);
    await expect(smsCounts(15, now)).rejects.toThrow(RangeError);
    await expect(smsCounts(1.5, now)).rejects.toThrow(RangeError);
  });
});

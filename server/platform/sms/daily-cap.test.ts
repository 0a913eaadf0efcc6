import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_sms_daily_cap');
// The site-wide daily cap, small: env() reads it when first asked, after this.
process.env.SMS_DAILY_CAP = '3';
import { readdirSync } from 'node:fs';
import { ObjectId } from 'mongodb';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { closeDb, collection } from '../db';
import { takeDailySlot, tellAdminsCapReached, utcDay } from './daily-cap';
import { queueSms, smsDeliveriesSettled } from './index';

const outbox = temporaryOutbox('kz-sms-cap-');

const smsFiles = () => readdirSync(outbox.directory).filter((name) => /^sms-.*\.txt$/.test(name));
const recipients = () => outbox.messages().map((raw) => /^To: (.*)$/m.exec(raw)?.[1] ?? '').sort();

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const account = (email: string, role: 'admin' | 'user') => ({ _id: new ObjectId(), email, name: email, role, sessionVersion: 0, createdAt: new Date() });
  await (await collection('users')).insertMany([account('admin-one@knowledgezone.example', 'admin'), account('admin-two@knowledgezone.example', 'admin'), account('learner@knowledgezone.example', 'user')]);
});

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await smsDeliveriesSettled();
  await closeDb();
});

it('queues no more than the cap in a day, even asked at once; past it answers paused, queues nothing and tells each admin once', async () => {
  const keys = Array.from({ length: 10 }, (_, index) => `cap-${index}`);
  const answers = await Promise.all(keys.map((key, index) => queueSms(key, { to: `+88017123456${String(index).padStart(2, '0')}`, text: `Your code is ${100000 + index}` })));

  expect(answers.filter((answer) => answer === 'queued')).toHaveLength(3);
  expect(answers.filter((answer) => answer === 'paused')).toHaveLength(7);
  const messages = await collection('smsMessages');
  // The paused ones left nothing behind to be sent later.
  expect(await messages.countDocuments({ _id: { $in: keys } })).toBe(3);
  expect((await (await collection('smsDays')).findOne({ _id: utcDay(new Date()) }))?.queued).toBe(3);
  await waitFor(async () => (await messages.countDocuments({ _id: { $in: keys }, status: 'sent' })) === 3, 'the three queued to be sent');
  expect(smsFiles()).toHaveLength(3);

  await waitFor(() => outbox.mails().length >= 2, 'the admins to be e-mailed');
  expect(recipients()).toEqual(['admin-one@knowledgezone.example', 'admin-two@knowledgezone.example']);
  expect(outbox.subjects()).toEqual(Array.from({ length: 2 }, () => "SMS paused: today's limit of 3 messages is reached"));

  // Later that day: still paused, and the admins are not told again.
  expect(await queueSms('cap-later', { to: '+8801712345600', text: 'Your code is 999999' })).toBe('paused');
  expect(await messages.countDocuments({ _id: 'cap-later' })).toBe(0);
  await pause(300);
  expect(outbox.mails()).toHaveLength(2);
  expect(smsFiles()).toHaveLength(3);
});

it('tells the admins once however many instances find the cap spent at the same moment', async () => {
  const otherDay = new Date('2031-01-01T09:00:00Z');
  expect(await takeDailySlot(otherDay, 1)).toBe(true);
  expect(await takeDailySlot(otherDay, 1)).toBe(false);

  await Promise.all(Array.from({ length: 10 }, () => tellAdminsCapReached(otherDay, 1)));

  expect(recipients()).toEqual(['admin-one@knowledgezone.example', 'admin-two@knowledgezone.example']);
  await tellAdminsCapReached(new Date('2031-01-01T23:00:00Z'), 1);
  expect(outbox.mails()).toHaveLength(2);
});

it('counts a day on its own: a new UTC day starts with the whole cap', async () => {
  const day = new Date('2031-02-01T23:59:00Z');
  const next = new Date('2031-02-02T00:01:00Z');
  const taken = await Promise.all(Array.from({ length: 8 }, () => takeDailySlot(day, 5)));
  expect(taken.filter(Boolean)).toHaveLength(5);
  expect(await takeDailySlot(next, 5)).toBe(true);
});

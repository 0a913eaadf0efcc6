import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_sms_gateway');
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb, collection } from '../db';
import { MAX_ATTEMPTS } from './queue';
import { queueSms, sendDueSms, smsDeliveriesSettled } from './index';
import { SslWirelessProvider } from './ssl-wireless';
import { SmsSendError } from './types';

// SSL Wireless against a local stand-in that behaves like the gateway: it checks each request's
// JSON, takes a csms_id once and refuses it after ("duplicate"), refuses numbers that are not
// Bangladeshi mobiles, and can be told to fail or hang. Then the queue on top of it: retries with
// their waits, giving up, and a send cut off mid-way sent again without a second SMS.

type Received = { api_token: string; sid: string; msisdn: string; sms: string; csms_id: string };
type Answer = { status: number; body?: unknown; hang?: boolean };

const TOKEN = 'kz-test-token';
const SID = 'KZTEST';
const received: Received[] = [];
/** The SMS the stand-in "sent": one per csms_id. */
const delivered = new Map<string, Received>();
/** Answers to give before behaving like the gateway again. */
const nextAnswers: Answer[] = [];
let server: Server;
let baseUrl = '';

function gateway(request: Received): Answer {
  const keys = Object.keys(request).sort().join(',');
  if (keys !== 'api_token,csms_id,msisdn,sid,sms') return { status: 200, body: { status: 'FAILED', status_code: 4022, error_message: `Required parameter missing (${keys})` } };
  if (request.api_token !== TOKEN || request.sid !== SID) return { status: 200, body: { status: 'FAILED', status_code: 4001, error_message: 'Unauthorized' } };
  if (!/^[0-9a-zA-Z]{1,20}$/.test(request.csms_id)) return { status: 200, body: { status: 'FAILED', status_code: 4020, error_message: 'Invalid csms_id' } };
  if (delivered.has(request.csms_id)) return { status: 200, body: { status: 'FAILED', status_code: 4023, error_message: 'Duplicate csms_id' } };
  if (!/^8801[3-9]\d{8}$/.test(request.msisdn)) return { status: 200, body: { status: 'FAILED', status_code: 4025, error_message: 'Invalid MSISDN' } };
  delivered.set(request.csms_id, request);
  return {
    status: 200,
    body: { status: 'SUCCESS', status_code: 200, error_message: '', smsinfo: [{ sms_status: 'SUCCESS', status_message: 'Success', msisdn: request.msisdn, sms_type: 'EN', sms_body: request.sms, csms_id: request.csms_id, reference_id: `ref-${delivered.size}` }] },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api/v3/send-sms' || req.headers['content-type'] !== 'application/json') {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(raw) as Received;
      received.push(request);
      const answer = nextAnswers.shift() ?? gateway(request);
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? { status: 'FAILED', status_code: 5000, error_message: 'Internal error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Read by env() on its first call, which comes after this.
  process.env.SMS_PROVIDER = 'sslwireless';
  process.env.SSL_WIRELESS_API_TOKEN = TOKEN;
  process.env.SSL_WIRELESS_SID = SID;
  process.env.SSL_WIRELESS_API_URL = baseUrl;
});

afterAll(async () => {
  await smsDeliveriesSettled();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

beforeEach(() => {
  nextAnswers.length = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const message = { to: '+8801712345678', text: 'Your Knowledge Zone code is 482913' };
const provider = () => new SslWirelessProvider({ baseUrl, apiToken: TOKEN, sid: SID, timeoutMs: 500 });

async function failureOf(send: Promise<unknown>): Promise<SmsSendError> {
  const error = await send.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SmsSendError)) throw new Error(`Expected an SmsSendError, got ${String(error)}`);
  return error;
}

describe('the SSL Wireless provider', () => {
  it('posts the token, sender id, number without its plus, text and our id, and answers the reference', async () => {
    const sent = await provider().send(message, 'aaaa0000aaaa0000aaaa');

    expect(received.at(-1)).toEqual({ api_token: TOKEN, sid: SID, msisdn: '8801712345678', sms: message.text, csms_id: 'aaaa0000aaaa0000aaaa' });
    expect(sent).toEqual({ providerId: `ref-${delivered.size}` });
  });

  it('takes the refusal of an id it sent before as sent: a retry cannot send a second SMS', async () => {
    await provider().send(message, 'bbbb0000bbbb0000bbbb');
    const deliveredBefore = delivered.size;

    await expect(provider().send(message, 'bbbb0000bbbb0000bbbb')).resolves.toEqual({});
    expect(delivered.size).toBe(deliveredBefore);
  });

  it('fails for another try on a server error, a refusal to go slower, a timeout or no answer at all', async () => {
    nextAnswers.push({ status: 500, body: { message: 'Internal Server Error' } });
    expect((await failureOf(provider().send(message, 'cccc0000cccc0000ccc1'))).permanent).toBe(false);

    nextAnswers.push({ status: 200, body: { status: 'FAILED', status_code: 4029, error_message: 'Too many requests' } });
    expect((await failureOf(provider().send(message, 'cccc0000cccc0000ccc2'))).permanent).toBe(false);

    nextAnswers.push({ status: 200, hang: true });
    const timedOut = await failureOf(provider().send(message, 'cccc0000cccc0000ccc3'));
    expect(timedOut.permanent).toBe(false);
    expect(timedOut.message).toMatch(/could not be reached/);

    const closed = new SslWirelessProvider({ baseUrl: 'http://127.0.0.1:1', apiToken: TOKEN, sid: SID, timeoutMs: 500 });
    expect((await failureOf(closed.send(message, 'cccc0000cccc0000ccc4'))).permanent).toBe(false);
  });

  it('fails for good on a refused number or refused credentials', async () => {
    const invalid = await failureOf(provider().send({ ...message, to: '+8801212345678' }, 'dddd0000dddd0000ddd1'));
    expect(invalid.permanent).toBe(true);
    expect(invalid.message).toMatch(/4025: Invalid MSISDN/);

    const unauthorized = await failureOf(new SslWirelessProvider({ baseUrl, apiToken: 'wrong', sid: SID }).send(message, 'dddd0000dddd0000ddd2'));
    expect(unauthorized.permanent).toBe(true);
    expect(unauthorized.message).toMatch(/4001: Unauthorized/);
  });
});

describe('the queue on SSL Wireless', () => {
  const messages = () => collection('smsMessages');
  const requestsFor = (csmsId: string) => received.filter((request) => request.csms_id === csmsId);

  async function settled(key: string, attempts: number) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const doc = await (await messages()).findOne({ _id: key });
      if (doc && doc.status !== 'sending' && doc.attempts >= attempts) return doc;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${key}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('sends a queued message through the gateway and keeps its reference', async () => {
    expect(await queueSms('gw-sent', { to: '+8801912345678', text: 'Your code is 240101' })).toBe('queued');
    const doc = await settled('gw-sent', 1);

    expect(doc).toMatchObject({ status: 'sent', attempts: 1, providerId: `ref-${delivered.size}` });
    expect(requestsFor(doc.clientMessageId)).toEqual([{ api_token: TOKEN, sid: SID, msisdn: '8801912345678', sms: 'Your code is 240101', csms_id: doc.clientMessageId }]);
  });

  it('retries a failed send after 5 s, 30 s, 2 min and 10 min with the same id, and gives up after the fifth attempt', async () => {
    nextAnswers.push(...Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 500 })));
    expect(await queueSms('gw-retry', { to: '+8801512345678', text: 'Your code is 777777' })).toBe('queued');
    let doc = await settled('gw-retry', 1);
    const firstTry = Date.now();
    expect(doc.status).toBe('pending');
    expect(doc.nextAttemptAt.getTime()).toBeGreaterThan(firstTry + 4000);
    expect(doc.nextAttemptAt.getTime()).toBeLessThanOrEqual(firstTry + 5000);

    for (const waitMs of [30_000, 120_000, 600_000]) {
      const due = doc.nextAttemptAt;
      // Not before its time, whichever instance looks.
      expect(await sendDueSms({ now: new Date(due.getTime() - 1) })).toBe(0);
      expect(requestsFor(doc.clientMessageId)).toHaveLength(doc.attempts);
      expect(await sendDueSms({ now: due })).toBe(0);
      doc = await settled('gw-retry', doc.attempts + 1);
      expect(doc).toMatchObject({ status: 'pending', lastError: 'SSL Wireless answered HTTP 500' });
      expect(doc.nextAttemptAt.getTime()).toBe(due.getTime() + waitMs);
    }
    expect(doc.attempts).toBe(4);

    expect(await sendDueSms({ now: doc.nextAttemptAt })).toBe(0);
    doc = await settled('gw-retry', MAX_ATTEMPTS);
    expect(doc).toMatchObject({ status: 'failed', attempts: 5, lastError: 'SSL Wireless answered HTTP 500' });
    expect(doc.text).toBeUndefined();
    expect(await sendDueSms({ now: new Date(doc.nextAttemptAt.getTime() + 86_400_000) })).toBe(0);
    // Five attempts, all with the one id the gateway would refuse to send twice.
    expect(requestsFor(doc.clientMessageId)).toHaveLength(5);
  });

  it('sends on the retry after a failure the gateway recovers from', async () => {
    nextAnswers.push({ status: 503 });
    await queueSms('gw-recover', { to: '+8801612345678', text: 'Your code is 313131' });
    const failed = await settled('gw-recover', 1);
    expect(failed.status).toBe('pending');

    expect(await sendDueSms({ now: failed.nextAttemptAt })).toBe(1);
    const doc = await settled('gw-recover', 2);
    expect(doc).toMatchObject({ status: 'sent', attempts: 2 });
    expect(requestsFor(doc.clientMessageId)).toHaveLength(2);
  });

  it('gives up at once on a number the gateway refuses', async () => {
    await queueSms('gw-invalid', { to: '+8801212345678', text: 'Your code is 565656' });
    const doc = await settled('gw-invalid', 1);

    expect(doc).toMatchObject({ status: 'failed', attempts: 1 });
    expect(doc.lastError).toMatch(/Invalid MSISDN/);
    expect(await sendDueSms({ now: new Date(Date.now() + 86_400_000) })).toBe(0);
    expect(requestsFor(doc.clientMessageId)).toHaveLength(1);
  });

  it('sends again, with the same id, a message whose sender stopped mid-send, and the phone gets one SMS', async () => {
    const now = new Date();
    const clientMessageId = 'eeee0000eeee0000eeee';
    // The stopped sender's attempt reached the gateway; its answer and the 'sent' write never came.
    await provider().send({ to: '+8801312345678', text: 'Your code is 909090' }, clientMessageId);
    await (await messages()).insertOne({
      _id: 'gw-cut-off',
      to: '+8801312345678',
      text: 'Your code is 909090',
      status: 'sending',
      attempts: 1,
      nextAttemptAt: now,
      claimedUntil: new Date(now.getTime() + 60_000),
      clientMessageId,
      createdAt: now,
    });

    // Its claim still holds: nobody sends it.
    expect(await sendDueSms({ now: new Date(now.getTime() + 59_000) })).toBe(0);
    expect(requestsFor(clientMessageId)).toHaveLength(1);

    expect(await sendDueSms({ now: new Date(now.getTime() + 60_000) })).toBe(1);
    expect(await (await messages()).findOne({ _id: 'gw-cut-off' })).toMatchObject({ status: 'sent', attempts: 2 });
    expect(requestsFor(clientMessageId)).toHaveLength(2);
    expect([...delivered.values()].filter((request) => request.csms_id === clientMessageId)).toHaveLength(1);
  });

  it('marks failed, unsent, a message whose last attempt was cut off', async () => {
    const now = new Date();
    await (await messages()).insertOne({
      _id: 'gw-last-cut-off',
      to: '+8801312345679',
      text: 'Your code is 808080',
      status: 'sending',
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: now,
      claimedUntil: now,
      clientMessageId: 'ffff0000ffff0000ffff',
      createdAt: now,
    });

    expect(await sendDueSms({ now })).toBe(0);
    expect(await (await messages()).findOne({ _id: 'gw-last-cut-off' })).toMatchObject({ status: 'failed', lastError: 'The last attempt was cut off' });
    expect(requestsFor('ffff0000ffff0000ffff')).toHaveLength(0);
  });

  it('sends a due message once when several instances look at the same moment', async () => {
    const now = new Date();
    // Queued and counted by a process that stopped before sending it.
    await (await messages()).insertOne({
      _id: 'gw-orphan',
      to: '+8801412345678',
      text: 'Your code is 123123',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      clientMessageId: '1111000011110000aaaa',
      createdAt: now,
    });

    const sent = await Promise.all(Array.from({ length: 6 }, () => sendDueSms({ now })));

    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(requestsFor('1111000011110000aaaa')).toHaveLength(1);
    expect(await (await messages()).findOne({ _id: 'gw-orphan' })).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { closeDb, getDb } from './db';

// The contact endpoint end to end through its route handler: validation, storage, mail, rate limit.
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-contact-route-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
process.env.CONTACT_MAX_PER_IP = '3';
process.env.CONTACT_WINDOW_SECONDS = '600';

type RouteModule = typeof import('@/app/api/contact/route');
let POST: RouteModule['POST'];

beforeAll(async () => {
  ({ POST } = await import('@/app/api/contact/route'));
});

beforeEach(async () => {
  const db = await getDb();
  await db.collection('contactMessages').deleteMany({ subject: { $regex: '^Route test: ' } });
  await db.collection<{ _id: string }>('rateLimits').deleteMany({ _id: { $regex: '^contact:ip:198\\.51\\.100\\.' } });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  rmSync(outbox, { recursive: true, force: true });
  await closeDb();
});

const valid = { firstName: 'Ayesha', lastName: 'Rahman', subject: 'Route test: Class 9 batch', message: 'When does the next Class 9 batch start?' };

function post(body: unknown, ip = '198.51.100.10', headers: Record<string, string> = {}) {
  return POST(
    new NextRequest('http://127.0.0.1:3000/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, host: '127.0.0.1:3000', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    undefined,
  );
}

describe('POST /api/contact', () => {
  it('stores a valid message, mails it and answers 201', async () => {
    const response = await post(valid);

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ ok: true, message: expect.stringContaining('Thank you') });
    expect(await (await getDb()).collection('contactMessages').countDocuments({ subject: valid.subject })).toBe(1);
    expect(readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });

  it('answers 400 with field errors and stores nothing for bad input', async () => {
    const response = await post({ firstName: '', lastName: 'Rahman', subject: 'Route test: bad', message: 'short', admin: true });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.firstName).toEqual(['First name is required']);
    expect(body.fieldErrors.message).toEqual(['Message must be at least 10 characters']);
    expect(await (await getDb()).collection('contactMessages').countDocuments({ subject: 'Route test: bad' })).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    expect((await post('{not json')).status).toBe(400);
  });

  it('refuses cross-site submissions', async () => {
    const response = await post(valid, '198.51.100.11', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
  });

  it('counts every submission and answers 429 with Retry-After once the limit is reached', async () => {
    expect((await post(valid, '198.51.100.12')).status).toBe(201);
    expect((await post({}, '198.51.100.12')).status).toBe(400);
    expect((await post(valid, '198.51.100.12')).status).toBe(201);

    const blocked = await post(valid, '198.51.100.12');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(valid, '198.51.100.13')).status).toBe(201);
  });
});

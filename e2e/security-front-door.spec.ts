import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { BASE_URL } from '../playwright.config';
import { openDatabase } from './support/fuzz-db';

// Attacks on the production server's front door (docs/security-tests.md, attacks found by trying
// the app, rows 3, 4, 7, 11 and 14): what the server decides before any handler runs, over real
// HTTP against the test build.

const DIST_DIR = process.env.E2E_DIST_DIR ?? '.next-e2e';

function filesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

type Sent = { status: number; body: string };

/**
 * Posts a chunked body, 64 KB at a time up to `maxBytes`, that never ends, and reports the answer.
 * A server that read bodies to their end before answering would never answer. (How many bytes the
 * client had written when the answer came says little: the kernel's socket buffers on the loopback
 * take megabytes, more the longer a busy server takes to answer.)
 */
function postEndlessBody(pathname: string, maxBytes: number): Promise<Sent> {
  const url = new URL(pathname, BASE_URL);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    request.write('{"email":"');
    const pump = () => {
      while (!answered && bytesSent < maxBytes) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      // The body stays open: the answer has to come without its end.
    };
    pump();
  });
}

test.describe('front door', () => {
  test('malformed percent-escapes are 400, never 500', async ({ request }) => {
    for (const address of ['/book/%ff', '/api/course/%ff', '/api/user/%ff', '/media/%ff', '/searchCourse/%ff%fe', '/blog/%E0%A4%A']) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(400);
    }
    // A callback-url cookie that is no address made every Auth.js endpoint answer 500.
    for (const address of ['/api/auth/session', '/api/auth/csrf', '/api/auth/providers']) {
      const response = await request.get(address, { headers: { cookie: 'authjs.callback-url=%ff' } });
      expect(response.status(), address).toBe(200);
    }
  });

  test('a server action posted from another site is 403, not 500', async ({ request }) => {
    const response = await request.post('/login', {
      headers: { 'next-action': '7f' + '0'.repeat(40), origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
      data: '[]',
    });
    expect(response.status()).toBe(403);
  });

  test('made-up ids are 404 without rendering or storing anything', async ({ request }) => {
    const cacheDir = path.join(DIST_DIR, 'server');
    const before = filesUnder(cacheDir);
    const madeUp = Array.from({ length: 40 }, (_, i) => [`/book/x${i}${randomBytes(4).toString('hex')}`, `/blog/${randomBytes(5).toString('hex')}`, `/instructor/nobody${i}`, `/book/${i}.html`]).flat();
    // Well-formed ids of nothing: the proxy knows every item's id (server/catalogue/catalogue-item-ids.ts).
    const wellFormed = Array.from({ length: 20 }, (_, i) => [`/book/${randomBytes(12).toString('hex')}`, `/blog/${randomBytes(12).toString('hex')}`, `/classNine/coursesInfo/${randomBytes(12).toString('hex')}`][i % 3]!);
    for (const address of [...madeUp, ...wellFormed]) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(404);
      // The plain page the proxy answers: no render, so none of the app's scripts.
      const body = await response.text();
      expect(body, address).toContain('Page not found');
      expect(body, address).not.toContain('/_next/static/');
    }
    // In Bengali too, set in the site's Bengali font (a system without one would show boxes).
    const bengali = await request.get(`/bn/book/${randomBytes(12).toString('hex')}`);
    expect(bengali.status()).toBe(404);
    // A browser asks again next time: a draft course's address is one of these until it is published.
    expect(bengali.headers()['cache-control']).toBe('public, no-cache');
    const bengaliBody = await bengali.text();
    expect(bengaliBody).toContain('<html lang="bn"');
    expect(bengaliBody).toContain('/fonts/noto-sans-bengali-bengali-400-normal.woff2');
    // Past the first, the production server gives the proxy's plain 404 itself (serving/page-cache.mjs),
    // with the headers Next gave it; an id that exists is still asked of the database first (next test).
    const again = await request.get(`/blog/${randomBytes(12).toString('hex')}`);
    expect(again.status()).toBe(404);
    expect(again.headers()).toMatchObject({ 'x-kz-page-cache': 'HIT', 'x-frame-options': 'DENY', 'content-type': 'text/html; charset=utf-8' });
    expect(again.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(await again.text()).toContain('Page not found');
    expect(filesUnder(cacheDir)).toBe(before);
  });

  test('an item added a moment ago on another instance is found: an id not known yet is asked of the database', async ({ request }) => {
    const database = await openDatabase();
    try {
      const books = database.db.collection('books');
      const model = await books.findOne({});
      const _id = new ObjectId();
      // Written straight to the database, unannounced, as another instance's write would be before this one hears of it.
      await books.insertOne({ ...model, _id, bookName: `Added Elsewhere ${_id.toHexString().slice(-6)}` });
      try {
        const response = await request.get(`/book/${_id.toHexString()}`);
        expect(response.status()).toBe(200);
        expect(await response.text()).toContain('Added Elsewhere');
      } finally {
        await books.deleteOne({ _id });
      }
    } finally {
      await database.close();
    }
  });

  test('a spoofed X-Forwarded-For does not make a new client: per-client limits hold', async ({ playwright }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      // A fresh context each time, as a script with no cookies would be.
      const context = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` } });
      const response = await context.post('/api/contact', { data: { firstName: 'Spoof', lastName: `Test ${i}`, subject: 'Limits', message: 'Does the limit hold for me?' } });
      statuses.push(response.status());
      await context.dispose();
    }
    // CONTACT_MAX_PER_IP is 5: the same client cannot send all eight, whatever address it claims.
    expect(statuses).toContain(429);
  });

  test('pages rendered per request only run scripts carrying their fresh nonce; cached pages keep a policy too', async ({ request, page }) => {
    const scriptSources = (policy: string | undefined) => policy?.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    const first = await request.get('/login');
    const second = await request.get('/login');
    const policy = scriptSources(first.headers()['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toContain("'unsafe-inline'");
    expect(scriptSources(second.headers()['content-security-policy'])).not.toContain(`'nonce-${nonce}'`);
    // Every script Next wrote into the page carries the nonce.
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // ...and the page works under that policy: the form hydrates and validates in the browser.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('email is requires')).toBeVisible();
    expect(violations).toEqual([]);
    expect((await request.get('/privacy')).headers()['content-security-policy']).toContain("object-src 'none'");
  });

  test('forwarded https is not believed from a client: no HSTS over plain http', async ({ request }) => {
    const response = await request.get('/privacy', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers()['strict-transport-security']).toBeUndefined();
  });

  // The sign-in endpoints read their bodies first (the contact form's allowance is spent above).
  for (const address of ['/api/account/login', '/api/auth/callback/credentials']) {
    test(`an oversized body to ${address} is refused before it is read`, async ({ request }) => {
      const response = await request.post(address, { headers: { 'content-type': 'application/json' }, data: Buffer.alloc(12 * 1024 * 1024, 0x20) });
      expect(response.status()).toBe(413);
    });

    test(`an endless chunked body to ${address} gets 413 after a few chunks, not after buffering megabytes`, async () => {
      // Past the route's limit (64 KB here) but far from the megabytes a buffering server would wait for.
      const sent = await postEndlessBody(address, 1024 * 1024);
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body)).toEqual({ message: 'Request body too large', code: 'requestBodyTooLarge' });
    });
  }
});

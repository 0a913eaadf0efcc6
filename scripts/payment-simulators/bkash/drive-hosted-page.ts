import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYING_WALLET, SIMULATOR_OTP, SIMULATOR_PIN } from './hosted-page';

// Test helpers: the simulator's hosted page driven with plain HTTP as a browser without JavaScript
// would (read the page's form, send it), and a webhook that records what it is sent.

export type HostedAction = 'confirm' | 'cancel' | 'fail';
export type HostedStepInput = { action: HostedAction; fields?: Record<string, string> };
/** Where the page left the buyer: sent back to the merchant (`redirect`), or on a page (`html`). */
export type HostedResult = { redirect: string | null; status: number; html: string };

function decodeEntities(value: string): string {
  return value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1] ?? '') : null;
}

/** The page's one form: where it posts, and its hidden fields. */
export function readForm(html: string, pageUrl: string): { action: string; method: string; hidden: Record<string, string> } {
  const form = /<form\b[^>]*>/.exec(html)?.[0];
  if (!form) throw new Error('the page has no form');
  const hidden: Record<string, string> = {};
  for (const input of html.match(/<input\b[^>]*>/g) ?? []) {
    if (attribute(input, 'type') !== 'hidden') continue;
    const name = attribute(input, 'name');
    if (name) hidden[name] = attribute(input, 'value') ?? '';
  }
  return { action: new URL(attribute(form, 'action') ?? '', pageUrl).href, method: (attribute(form, 'method') ?? 'get').toLowerCase(), hidden };
}

/** Opens bkashUrl and sends its form once per step, stopping at the first redirect. */
export async function driveHostedPage(bkashUrl: string, steps: HostedStepInput[]): Promise<HostedResult> {
  let page = await fetch(bkashUrl);
  let pageUrl = bkashUrl;
  let html = await page.text();
  if (!page.ok) return { redirect: null, status: page.status, html };
  for (const step of steps) {
    const form = readForm(html, pageUrl);
    const body = new URLSearchParams({ ...form.hidden, ...step.fields, action: step.action });
    page = await fetch(form.action, { method: 'POST', body, redirect: 'manual' });
    if (page.status === 303) {
      await page.body?.cancel();
      return { redirect: page.headers.get('location'), status: 303, html: '' };
    }
    pageUrl = form.action;
    html = await page.text();
  }
  return { redirect: null, status: page.status, html };
}

/** Wallet, OTP and PIN, as the buyer types them; answers where bKash sends the buyer back. */
export async function payOnHostedPage(bkashUrl: string, entries: { wallet?: string; otp?: string; pin?: string } = {}): Promise<HostedResult> {
  return driveHostedPage(bkashUrl, [
    { action: 'confirm', fields: { wallet: entries.wallet ?? PAYING_WALLET } },
    { action: 'confirm', fields: { otp: entries.otp ?? SIMULATOR_OTP } },
    { action: 'confirm', fields: { pin: entries.pin ?? SIMULATOR_PIN } },
  ]);
}

export type RecordedDelivery = { headers: IncomingHttpHeaders; body: string };

/** A webhook on 127.0.0.1 that records each POST and answers `status()` (200 unless told otherwise). */
export async function startWebhookRecorder(status: () => number = () => 200): Promise<{ url: string; received: RecordedDelivery[]; close: () => Promise<void> }> {
  const received: RecordedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

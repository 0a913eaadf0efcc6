import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { FAILING_WALLETS, hostedPage, noticePage, PAYING_WALLET, SIMULATOR_OTP, SIMULATOR_PIN, type HostedStep } from './hosted-page';
import { deliver, envelopeJson, makeSigningIdentity, newMessageId, newSubscriptionToken, signEnvelope, type Delivery, type SnsEnvelope } from './sns-publisher';
import { readBody } from '../http';

// A local stand-in for bKash's Tokenized Checkout API (v1.2.0-beta), as stripe-mock is for
// Stripe: the same paths and answers, so the app's bKash client talks to it unchanged but for the
// base URL. State is in memory. It also stands in for bKash's hosted payment page and for the
// Amazon SNS topic that carries bKash's webhook notifications. Test hooks live under /__simulator.
//
// Error codes it answers (statusCode/statusMessage; refund errors as errorCode/errorMessage, the
// other shape bKash uses, so that clients handle both):
//   2001 Invalid App Key · 2002 Invalid Payment ID · 2006 Invalid amount · 2007 Invalid currency
//   2008 Invalid intent · 2025 Invalid request body · 2026 The reversal amount cannot be greater
//   than the original transaction amount · 2028 Reverse failed because the transaction serial
//   number does not exist · 2031 Invalid merchant invoice number · 2033 Transaction not found
//   · 2034 The transaction cannot be reversed because the original transaction has been reversed
//   · 2049 Invalid Merchant Callback URL · 2056 Invalid Payment State · 2063 Mode is not valid as
//   per request data · 2065 Mandatory field missing · 2117 Payment execution already been called before.
// The simulator's own choices, where bKash's public list does not pin one down:
//   2071 Refund period has expired (a refund more than 15 days after the payment)
//   2079 Invalid username, password or app secret (token grant) · 2080 Invalid refresh token.
// A missing, unknown or expired token answers HTTP 401 {"message": ...}, as bKash's gateway does.

export const API_PATH = '/v1.2.0-beta/tokenized/checkout/';
export const HOSTED_PATH = '/redirect/tokenized/';
export const REFUND_WINDOW_MS = 15 * 86_400_000;
const TOKEN_LIFETIME_S = 3600;
const REFRESH_TOKEN_LIFETIME_MS = 28 * 86_400_000;
const DHAKA_OFFSET_MS = 6 * 3_600_000;
const MAX_RECORDED = 1000;

export type BkashSimulatorCredentials = { appKey: string; appSecret: string; username: string; password: string };

export const DEFAULT_CREDENTIALS: BkashSimulatorCredentials = {
  appKey: 'simulator-app-key',
  appSecret: 'simulator-app-secret',
  username: 'simulator-merchant',
  password: 'simulator-password',
};

export type BkashSimulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** 127.0.0.1 unless said otherwise. */
  host?: string;
  /** The origin the buyer's browser and the app reach the simulator at, when not http://host:port (a proxy). */
  publicOrigin?: string;
  /** Where SNS notifications are POSTed; none are sent without it (they are still recorded). */
  webhookUrl?: string | null;
  credentials?: Partial<BkashSimulatorCredentials>;
  topicArn?: string;
  signatureVersion?: '1' | '2';
  /** Sends a SubscriptionConfirmation to the webhook once listening. */
  subscribeOnStart?: boolean;
  /** Further attempts after a failed delivery, `retryDelayMs` doubling between them (SNS retries too). */
  deliveryRetries?: number;
  retryDelayMs?: number;
  merchant?: { name: string; shortCode: string };
};

export const FAULT_OPERATIONS = ['grant', 'refresh', 'create', 'execute', 'status', 'refund', 'refund-status', 'any'] as const;
type Operation = Exclude<(typeof FAULT_OPERATIONS)[number], 'any'>;

const faultSchema = z.discriminatedUnion('kind', [
  /** No answer at all (the connection stays open until the client gives up); `applied`: the operation takes effect first. */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('timeout'), applied: z.boolean().optional() }),
  /** A bKash error answer instead of the operation (default 9999 System Error). */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('error'), statusCode: z.string().optional(), statusMessage: z.string().optional() }),
  /** An HTTP error from the gateway (e.g. 503). */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('http-status'), status: z.number().int().min(400).max(599) }),
  /** A 200 answer that is not JSON. */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('junk') }),
  /** HTTP 401, as for an expired token. */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('unauthorized') }),
  /** The operation runs, and these fields replace the answer's (e.g. another amount). */
  z.object({ operation: z.enum(FAULT_OPERATIONS), kind: z.literal('override'), fields: z.record(z.string(), z.unknown()) }),
]);
export type BkashFault = z.infer<typeof faultSchema>;

export type RecordedRequest = {
  at: string;
  operation: Operation;
  /** The request body, secrets replaced by "[redacted]". */
  body: unknown;
  httpStatus: number;
  statusCode: string | null;
  fault: BkashFault['kind'] | null;
};

type PaymentStatus = 'Initiated' | 'Completed' | 'Failed' | 'Cancelled';
type Refund = { refundTrxID: string; amount: string; paisa: number; sku: string; reason: string; completedAt: number };
type Payment = {
  paymentID: string;
  hash: string;
  payerReference: string;
  callbackURL: string;
  amount: string;
  paisa: number;
  merchantInvoiceNumber: string;
  createdAt: number;
  status: PaymentStatus;
  /** The buyer confirmed with the PIN; execute may complete it. */
  authorized: boolean;
  step: HostedStep;
  wallet: string | null;
  wrongOtps: number;
  wrongPins: number;
  failureReason: string | null;
  trxID: string | null;
  executedAt: number | null;
  refunds: Refund[];
};

export type PaymentOutcome = 'success' | 'failure' | 'cancel';

export type BkashSimulator = {
  /** http://127.0.0.1:PORT (or publicOrigin). */
  origin: string;
  /** What the app's bKash client takes as its base URL. */
  baseUrl: string;
  /** Where it serves its SNS signing certificate: the origin to trust (BKASH_SNS_TRUSTED_CERT_ORIGIN). */
  certificateOrigin: string;
  certificateUrl: string;
  topicArn: string;
  credentials: BkashSimulatorCredentials;
  /** The simulator's clock (real time plus what advanceClock added). */
  now(): number;
  advanceClock(ms: number): void;
  setWebhookUrl(url: string | null): void;
  setSignatureVersion(version: '1' | '2'): void;
  injectFault(fault: BkashFault): void;
  requests(): RecordedRequest[];
  payment(paymentID: string): ReturnType<typeof paymentView> | null;
  /** Does what the buyer does on the hosted page, in one step; answers the callback address. */
  authorize(paymentID: string, outcome: PaymentOutcome, wallet?: string): string | null;
  notifications(): Delivery[];
  /** Resolves once no delivery is in progress. */
  deliveriesSettled(): Promise<void>;
  publish(message: string | Record<string, unknown>, subject?: string): Promise<Delivery>;
  resend(messageId: string): Promise<Delivery | null>;
  sendSubscriptionConfirmation(): Promise<Delivery>;
  subscriptions(): { token: string; confirmedAt: string | null }[];
  reset(): void;
  close(): Promise<void>;
};

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** bKash's time text, Dhaka time: "2019-08-07T11:12:34:978 GMT+0600". */
function bkashTime(ms: number): string {
  const d = new Date(ms + DHAKA_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}:${String(d.getUTCMilliseconds()).padStart(3, '0')} GMT+0600`;
}

/** The webhook's time text, Dhaka time: "20190807111234". */
function noticeTime(ms: number): string {
  return bkashTime(ms).slice(0, 19).replace(/[-T:]/g, '');
}

/** The simulator's own reading of bKash amounts ("850", "850.5", "850.00"), to paisa. */
function paisaOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const [taka = '0', fraction = ''] = value.split('.');
  return Number(taka) * 100 + Number(fraction.padEnd(2, '0'));
}

function callbackWith(callbackURL: string, paymentID: string, status: PaymentOutcome, extra: Record<string, string> = {}): string {
  const url = new URL(callbackURL);
  url.searchParams.set('paymentID', paymentID);
  url.searchParams.set('status', status);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.href;
}

function paymentView(payment: Payment) {
  return {
    paymentID: payment.paymentID,
    status: payment.status,
    authorized: payment.authorized,
    step: payment.step,
    wallet: payment.wallet,
    failureReason: payment.failureReason,
    amount: payment.amount,
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
    payerReference: payment.payerReference,
    callbackURL: payment.callbackURL,
    trxID: payment.trxID,
    createdAt: new Date(payment.createdAt).toISOString(),
    executedAt: payment.executedAt === null ? null : new Date(payment.executedAt).toISOString(),
    refunds: payment.refunds.map(({ refundTrxID, amount, sku, reason, completedAt }) => ({ refundTrxID, amount, sku, reason, completedAt: new Date(completedAt).toISOString() })),
  };
}

type Answer = { status: number; body: Record<string, unknown> };
const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { statusCode: '0000', statusMessage: 'Successful', ...body } });
const refused = (statusCode: string, statusMessage: string): Answer => ({ status: 200, body: { statusCode, statusMessage } });
const refundRefused = (errorCode: string, errorMessage: string): Answer => ({ status: 200, body: { errorCode, errorMessage } });
const gatewayRefused = (message: string): Answer => ({ status: 401, body: { message } });

const text = (value: unknown, max = 255): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

function send(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, 'application/json', JSON.stringify(body));
}

function redacted(operation: Operation, body: unknown): unknown {
  if (operation !== 'grant' && operation !== 'refresh') return body;
  if (typeof body !== 'object' || body === null) return '[unreadable]';
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const secret of ['app_secret', 'refresh_token']) if (secret in copy) copy[secret] = '[redacted]';
  return copy;
}

const OPERATION_PATHS: Record<string, Operation> = {
  'token/grant': 'grant',
  'token/refresh': 'refresh',
  create: 'create',
  execute: 'execute',
  'payment/status': 'status',
  'payment/refund': 'refund',
};

/** Starts the simulator; resolves once it listens. */
export async function startBkashSimulator(options: BkashSimulatorOptions = {}): Promise<BkashSimulator> {
  const credentials: BkashSimulatorCredentials = { ...DEFAULT_CREDENTIALS, ...options.credentials };
  const topicArn = options.topicArn ?? 'arn:aws:sns:ap-southeast-1:000000000000:bkash-simulator-webhook';
  const subscriptionArn = `${topicArn}:${randomUUID()}`;
  const merchant = options.merchant ?? { name: 'Knowledge Zone (simulator)', shortCode: '01770000000' };
  const identity = makeSigningIdentity();
  const certificatePath = `/__sns/SimpleNotificationService-${identity.fingerprint}.pem`;

  let webhookUrl = options.webhookUrl ?? null;
  let signatureVersion = options.signatureVersion ?? '1';
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;

  const tokens = new Map<string, number>(); // id_token → expiry
  const refreshTokens = new Map<string, number>();
  const payments = new Map<string, Payment>();
  const trxIDs = new Set<string>();
  let faults: BkashFault[] = [];
  let recorded: RecordedRequest[] = [];
  let deliveries: (Delivery & { envelope: SnsEnvelope })[] = [];
  let subscriptionTokens: { token: string; confirmedAt: string | null }[] = [];
  const inFlight = new Set<Promise<void>>();
  const held = new Set<ServerResponse>();
  const stopping = new AbortController();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const tooLarge = error instanceof Error && error.message === 'body too large';
      if (!response.headersSent) sendJson(response, tooLarge ? 413 : 500, { message: tooLarge ? 'Request body too large' : 'Internal simulator error' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const origin = options.publicOrigin ? new URL(options.publicOrigin).origin : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const certificateUrl = `${origin}${certificatePath}`;

  function uniqueTrxID(): string {
    let id = randomId(10);
    while (trxIDs.has(id)) id = randomId(10);
    trxIDs.add(id);
    return id;
  }

  // ---- SNS ----

  function publishEnvelope(fields: SnsEnvelope, type: Delivery['type']): Promise<Delivery> {
    const envelope = signEnvelope(fields, identity, signatureVersion, certificateUrl);
    const delivery: Delivery & { envelope: SnsEnvelope } = { messageId: fields.MessageId ?? '', type, body: envelopeJson(envelope), webhookUrl, status: 'pending', attempts: [], envelope };
    deliveries.push(delivery);
    if (deliveries.length > MAX_RECORDED) deliveries.shift();
    return track(delivery);
  }

  function track(delivery: Delivery & { envelope: SnsEnvelope }): Promise<Delivery> {
    const done = deliver(delivery, delivery.envelope, { retries: options.deliveryRetries ?? 3, retryDelayMs: options.retryDelayMs ?? 1000, subscriptionArn }, stopping.signal);
    inFlight.add(done);
    return done.finally(() => inFlight.delete(done)).then(() => delivery);
  }

  function notify(message: Record<string, unknown>, subject?: string): Promise<Delivery> {
    const fields: SnsEnvelope = {
      Type: 'Notification',
      MessageId: newMessageId(),
      TopicArn: topicArn,
      Message: JSON.stringify(message),
      Timestamp: new Date(now()).toISOString(),
      UnsubscribeURL: `${origin}/__sns/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(subscriptionArn)}`,
    };
    if (subject !== undefined) fields.Subject = subject;
    return publishEnvelope(fields, 'Notification');
  }

  function sendSubscriptionConfirmation(): Promise<Delivery> {
    const token = newSubscriptionToken();
    subscriptionTokens.push({ token, confirmedAt: null });
    return publishEnvelope(
      {
        Type: 'SubscriptionConfirmation',
        MessageId: newMessageId(),
        Token: token,
        TopicArn: topicArn,
        Message: `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
        SubscribeURL: `${origin}/__sns/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
        Timestamp: new Date(now()).toISOString(),
      },
      'SubscriptionConfirmation',
    );
  }

  function paymentNotice(payment: Payment): Record<string, unknown> {
    return {
      dateTime: noticeTime(payment.executedAt ?? now()),
      debitMSISDN: payment.wallet,
      creditOrganizationName: merchant.name,
      creditShortCode: merchant.shortCode,
      trxID: payment.trxID,
      paymentID: payment.paymentID,
      transactionStatus: 'Completed',
      transactionType: 'Payment',
      amount: payment.amount,
      currency: 'BDT',
      transactionReference: payment.payerReference,
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    };
  }

  function refundNotice(payment: Payment, refund: Refund): Record<string, unknown> {
    return {
      dateTime: noticeTime(refund.completedAt),
      debitMSISDN: merchant.shortCode,
      creditOrganizationName: merchant.name,
      creditShortCode: merchant.shortCode,
      trxID: refund.refundTrxID,
      originalTrxID: payment.trxID,
      paymentID: payment.paymentID,
      transactionStatus: 'Completed',
      transactionType: 'Refund',
      amount: refund.amount,
      currency: 'BDT',
      transactionReference: refund.reason,
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    };
  }

  // ---- the API ----

  function issueToken(refreshToken?: string): Answer {
    const idToken = `sim.${randomBytes(32).toString('base64url')}`;
    tokens.set(idToken, now() + TOKEN_LIFETIME_S * 1000);
    const refresh = refreshToken ?? `simr.${randomBytes(32).toString('base64url')}`;
    if (!refreshToken) refreshTokens.set(refresh, now() + REFRESH_TOKEN_LIFETIME_MS);
    return ok({ id_token: idToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, refresh_token: refresh });
  }

  function tokenRequest(operation: 'grant' | 'refresh', headers: IncomingMessage['headers'], body: Record<string, unknown>): Answer {
    if (!text(body.app_key) || !text(body.app_secret)) return refused('2065', 'Mandatory field missing');
    if (body.app_key !== credentials.appKey) return refused('2001', 'Invalid App Key');
    if (headers.username !== credentials.username || headers.password !== credentials.password || body.app_secret !== credentials.appSecret) {
      return refused('2079', 'Invalid username, password or app secret');
    }
    if (operation === 'grant') return issueToken();
    const refreshToken = body.refresh_token;
    const expiry = typeof refreshToken === 'string' ? refreshTokens.get(refreshToken) : undefined;
    if (typeof refreshToken !== 'string' || expiry === undefined || expiry <= now()) return refused('2080', 'Invalid refresh token');
    return issueToken(refreshToken);
  }

  function authorizeCall(headers: IncomingMessage['headers']): Answer | null {
    const token = headers.authorization;
    const expiry = token ? tokens.get(token) : undefined;
    if (expiry === undefined) return gatewayRefused('Unauthorized');
    if (expiry <= now()) return gatewayRefused('The incoming token has expired');
    if (headers['x-app-key'] !== credentials.appKey) return refused('2001', 'Invalid App Key');
    return null;
  }

  function create(body: Record<string, unknown>): Answer {
    const required = ['mode', 'payerReference', 'callbackURL', 'amount', 'currency', 'intent', 'merchantInvoiceNumber'];
    if (required.some((name) => body[name] === undefined || body[name] === '')) return refused('2065', 'Mandatory field missing');
    if (body.mode !== '0011') return refused('2063', 'Mode is not valid as per request data');
    if (!text(body.payerReference)) return refused('2065', 'Mandatory field missing');
    const callback = typeof body.callbackURL === 'string' && URL.canParse(body.callbackURL) ? new URL(body.callbackURL) : null;
    if (!callback || !['http:', 'https:'].includes(callback.protocol) || (body.callbackURL as string).length > 1000) return refused('2049', 'Invalid Merchant Callback URL');
    const paisa = paisaOf(body.amount);
    if (paisa === null || paisa < 1) return refused('2006', 'Invalid amount');
    if (body.currency !== 'BDT') return refused('2007', 'Invalid currency');
    if (body.intent !== 'sale') return refused('2008', 'Invalid intent');
    if (!text(body.merchantInvoiceNumber)) return refused('2031', 'Invalid merchant invoice number');
    const payment: Payment = {
      paymentID: `TR0011${randomId(14)}`,
      hash: randomBytes(24).toString('base64url'),
      payerReference: body.payerReference,
      callbackURL: body.callbackURL as string,
      amount: body.amount as string,
      paisa,
      merchantInvoiceNumber: body.merchantInvoiceNumber,
      createdAt: now(),
      status: 'Initiated',
      authorized: false,
      step: 'wallet',
      wallet: null,
      wrongOtps: 0,
      wrongPins: 0,
      failureReason: null,
      trxID: null,
      executedAt: null,
      refunds: [],
    };
    payments.set(payment.paymentID, payment);
    const page = new URL(HOSTED_PATH, origin);
    page.search = new URLSearchParams({ paymentID: payment.paymentID, hash: payment.hash, mode: '0011', apiVersion: 'v1.2.0-beta' }).toString();
    return ok({
      paymentID: payment.paymentID,
      bkashURL: page.href,
      callbackURL: payment.callbackURL,
      successCallbackURL: callbackWith(payment.callbackURL, payment.paymentID, 'success'),
      failureCallbackURL: callbackWith(payment.callbackURL, payment.paymentID, 'failure'),
      cancelledCallbackURL: callbackWith(payment.callbackURL, payment.paymentID, 'cancel'),
      amount: payment.amount,
      intent: 'sale',
      currency: 'BDT',
      paymentCreateTime: bkashTime(payment.createdAt),
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    });
  }

  function paymentFields(payment: Payment): Record<string, unknown> {
    return {
      paymentID: payment.paymentID,
      mode: '0011',
      paymentCreateTime: bkashTime(payment.createdAt),
      ...(payment.executedAt !== null ? { paymentExecuteTime: bkashTime(payment.executedAt) } : {}),
      ...(payment.trxID ? { trxID: payment.trxID } : {}),
      transactionStatus: payment.status,
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      payerReference: payment.payerReference,
      ...(payment.status === 'Completed' && payment.wallet ? { customerMsisdn: payment.wallet } : {}),
    };
  }

  function execute(body: Record<string, unknown>): Answer {
    const payment = typeof body.paymentID === 'string' ? payments.get(body.paymentID) : undefined;
    if (!payment) return refused('2002', 'Invalid Payment ID');
    if (payment.status === 'Completed') return refused('2117', 'Payment execution already been called before');
    if (payment.status !== 'Initiated' || !payment.authorized) return refused('2056', 'Invalid Payment State');
    payment.status = 'Completed';
    payment.trxID = uniqueTrxID();
    payment.executedAt = now();
    void notify(paymentNotice(payment));
    return ok(paymentFields(payment));
  }

  function status(body: Record<string, unknown>): Answer {
    const payment = typeof body.paymentID === 'string' ? payments.get(body.paymentID) : undefined;
    return payment ? ok(paymentFields(payment)) : refused('2002', 'Invalid Payment ID');
  }

  function refundFields(payment: Payment, refund: Refund): Record<string, unknown> {
    return {
      originalTrxID: payment.trxID,
      refundTrxID: refund.refundTrxID,
      transactionStatus: 'Completed',
      amount: refund.amount,
      currency: 'BDT',
      charge: '0.00',
      completedTime: bkashTime(refund.completedAt),
    };
  }

  function refund(body: Record<string, unknown>): Answer {
    if (!text(body.paymentID) || !text(body.trxID) || body.amount === undefined || !text(body.sku) || !text(body.reason)) return refundRefused('2065', 'Mandatory field missing');
    const payment = payments.get(body.paymentID);
    if (!payment) return refundRefused('2002', 'Invalid Payment ID');
    if (payment.status !== 'Completed' || payment.executedAt === null) return refundRefused('2056', 'Invalid Payment State');
    if (payment.trxID !== body.trxID) return refundRefused('2028', 'Reverse failed because the transaction serial number does not exist');
    if (now() - payment.executedAt > REFUND_WINDOW_MS) return refundRefused('2071', 'Refund period has expired');
    const paisa = paisaOf(body.amount);
    if (paisa === null || paisa < 1) return refundRefused('2006', 'Invalid amount');
    const refunded = payment.refunds.reduce((sum, { paisa: part }) => sum + part, 0);
    if (refunded >= payment.paisa) return refundRefused('2034', 'The transaction cannot be reversed because the original transaction has been reversed');
    if (refunded + paisa > payment.paisa) return refundRefused('2026', 'The reversal amount cannot be greater than the original transaction amount');
    const made: Refund = { refundTrxID: uniqueTrxID(), amount: body.amount as string, paisa, sku: body.sku, reason: body.reason, completedAt: now() };
    payment.refunds.push(made);
    void notify(refundNotice(payment, made));
    return ok(refundFields(payment, made));
  }

  function refundStatus(body: Record<string, unknown>): Answer {
    const payment = typeof body.paymentID === 'string' ? payments.get(body.paymentID) : undefined;
    if (!payment) return refundRefused('2002', 'Invalid Payment ID');
    if (!payment.trxID || payment.trxID !== body.trxID) return refundRefused('2028', 'Reverse failed because the transaction serial number does not exist');
    const last = payment.refunds.at(-1);
    return last ? ok(refundFields(payment, last)) : refundRefused('2033', 'Transaction not found');
  }

  function takeFault(operation: Operation): BkashFault | null {
    const index = faults.findIndex((fault) => fault.operation === operation || fault.operation === 'any');
    return index === -1 ? null : (faults.splice(index, 1)[0] ?? null);
  }

  function hold(response: ServerResponse): void {
    held.add(response);
    response.on('close', () => held.delete(response));
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const named = OPERATION_PATHS[path];
    if (!named || request.method !== 'POST') return sendJson(response, 404, { message: 'Not Found' });
    const raw = await readBody(request);
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    const operation: Operation = named === 'refund' && body && body.amount === undefined ? 'refund-status' : named;
    const fault = takeFault(operation);
    const record = (answer: Answer | null) => {
      recorded.push({
        at: new Date(now()).toISOString(),
        operation,
        body: redacted(operation, body ?? raw.slice(0, 200)),
        httpStatus: answer?.status ?? 0,
        statusCode: typeof answer?.body.statusCode === 'string' ? answer.body.statusCode : typeof answer?.body.errorCode === 'string' ? answer.body.errorCode : null,
        fault: fault?.kind ?? null,
      });
      if (recorded.length > MAX_RECORDED) recorded.shift();
    };

    if (fault && fault.kind !== 'override' && !(fault.kind === 'timeout' && fault.applied)) {
      if (fault.kind === 'timeout') {
        record(null);
        return hold(response);
      }
      if (fault.kind === 'junk') {
        record({ status: 200, body: {} });
        return send(response, 200, 'text/html', '<html><body>Service temporarily unavailable</body></html>');
      }
      const answer =
        fault.kind === 'error'
          ? refused(fault.statusCode ?? '9999', fault.statusMessage ?? 'System Error')
          : fault.kind === 'unauthorized'
            ? gatewayRefused('The incoming token has expired')
            : { status: fault.status, body: { message: 'Service Unavailable' } };
      record(answer);
      return sendJson(response, answer.status, answer.body);
    }

    let answer: Answer;
    if (!body) answer = operation === 'refund' || operation === 'refund-status' ? refundRefused('2025', 'Invalid request body') : refused('2025', 'Invalid request body');
    else if (operation === 'grant' || operation === 'refresh') answer = tokenRequest(operation, request.headers, body);
    else {
      const denied = authorizeCall(request.headers);
      if (denied) answer = denied;
      else if (operation === 'create') answer = create(body);
      else if (operation === 'execute') answer = execute(body);
      else if (operation === 'status') answer = status(body);
      else if (operation === 'refund') answer = refund(body);
      else answer = refundStatus(body);
    }
    if (fault?.kind === 'override') answer = { status: answer.status, body: { ...answer.body, ...fault.fields } };
    record(answer);
    if (fault?.kind === 'timeout') return hold(response);
    sendJson(response, answer.status, answer.body);
  }

  // ---- the hosted page ----

  function finish(payment: Payment, outcome: PaymentOutcome, reason: string | null = null): string {
    if (outcome === 'success') payment.authorized = true;
    else {
      payment.status = outcome === 'cancel' ? 'Cancelled' : 'Failed';
      payment.failureReason = reason;
    }
    return callbackWith(payment.callbackURL, payment.paymentID, outcome, { signature: randomId(10), apiVersion: '1.2.0-beta' });
  }

  function waiting(payment: Payment): boolean {
    return payment.status === 'Initiated' && !payment.authorized;
  }

  function renderStep(response: ServerResponse, payment: Payment, error: string | null): void {
    const callbackOrigin = new URL(payment.callbackURL).origin;
    const html = hostedPage({
      action: HOSTED_PATH,
      paymentID: payment.paymentID,
      hash: payment.hash,
      step: payment.step,
      merchantName: merchant.name,
      invoiceNumber: payment.merchantInvoiceNumber,
      amount: payment.amount,
      wallet: payment.wallet,
      error,
    });
    // form-action also covers the redirect to the merchant's callback after a form is sent.
    send(response, 200, 'text/html; charset=utf-8', html, {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${callbackOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
    });
  }

  function sendNotice(response: ServerResponse, status: number, title: string, message: string): void {
    send(response, status, 'text/html; charset=utf-8', noticePage(title, message), { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
  }

  function redirect(response: ServerResponse, location: string): void {
    response.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0 });
    response.end();
  }

  /** One confirmed step of the hosted page: the next step, an error on this one, or the way back to the merchant. */
  function advance(payment: Payment, fields: URLSearchParams): { redirect: string } | { error: string | null } {
    if (payment.step === 'wallet') {
      const wallet = (fields.get('wallet') ?? '').replace(/[\s-]/g, '');
      if (!/^01[3-9]\d{8}$/.test(wallet)) return { error: 'Enter an 11-digit bKash account number starting with 01.' };
      payment.wallet = wallet;
      payment.step = 'otp';
      return { error: null };
    }
    if (payment.step === 'otp') {
      if (fields.get('otp') === SIMULATOR_OTP) {
        payment.step = 'pin';
        return { error: null };
      }
      payment.wrongOtps += 1;
      return payment.wrongOtps >= 3 ? { redirect: finish(payment, 'failure', 'Wrong verification code limit exceeded') } : { error: 'Wrong verification code.' };
    }
    if (fields.get('pin') === SIMULATOR_PIN) {
      const failing = payment.wallet ? FAILING_WALLETS[payment.wallet] : undefined;
      return { redirect: failing ? finish(payment, 'failure', failing) : finish(payment, 'success') };
    }
    payment.wrongPins += 1;
    return payment.wrongPins >= 3 ? { redirect: finish(payment, 'failure', 'Wrong PIN count exceeded') } : { error: 'Wrong PIN.' };
  }

  async function hosted(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    let fields = url.searchParams;
    if (request.method === 'POST') fields = new URLSearchParams(await readBody(request));
    else if (request.method !== 'GET') return sendNotice(response, 405, 'Not allowed', 'This page takes GET and POST only.');
    const payment = payments.get(fields.get('paymentID') ?? '');
    if (!payment || fields.get('hash') !== payment.hash) return sendNotice(response, 404, 'Payment not found', 'This payment link is not valid.');
    if (!waiting(payment)) return sendNotice(response, 200, 'Payment finished', 'This payment is no longer waiting for you; go back to the merchant.');
    if (request.method === 'GET') return renderStep(response, payment, null);
    const action = fields.get('action');
    if (action === 'cancel') return redirect(response, finish(payment, 'cancel'));
    if (action === 'fail') return redirect(response, finish(payment, 'failure', 'Simulated failure'));
    // A form from an earlier step (the browser's back button) shows the current step again.
    if (action !== 'confirm' || fields.get('step') !== payment.step) return renderStep(response, payment, null);
    const next = advance(payment, fields);
    if ('redirect' in next) return redirect(response, next.redirect);
    renderStep(response, payment, next.error);
  }

  function authorize(paymentID: string, outcome: PaymentOutcome, wallet = PAYING_WALLET): string | null {
    const payment = payments.get(paymentID);
    if (!payment || !waiting(payment)) return null;
    payment.wallet = wallet;
    const failing = FAILING_WALLETS[wallet];
    if (outcome === 'success' && failing) return finish(payment, 'failure', failing);
    return finish(payment, outcome, outcome === 'failure' ? 'Simulated failure' : null);
  }

  // ---- SNS's own addresses ----

  function sns(response: ServerResponse, url: URL): void {
    if (url.pathname === certificatePath) return send(response, 200, 'application/x-pem-file', identity.certificatePem);
    const action = url.searchParams.get('Action');
    const requestId = randomUUID();
    if (url.pathname === '/__sns/' && action === 'ConfirmSubscription') {
      const subscription = subscriptionTokens.find(({ token }) => token === url.searchParams.get('Token'));
      if (subscription && url.searchParams.get('TopicArn') === topicArn) {
        subscription.confirmedAt ??= new Date(now()).toISOString();
        return send(
          response,
          200,
          'text/xml',
          `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult><SubscriptionArn>${subscriptionArn}</SubscriptionArn></ConfirmSubscriptionResult><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></ConfirmSubscriptionResponse>`,
        );
      }
    }
    if (url.pathname === '/__sns/' && action === 'Unsubscribe') {
      return send(response, 200, 'text/xml', `<UnsubscribeResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></UnsubscribeResponse>`);
    }
    send(response, 400, 'text/xml', `<ErrorResponse><Error><Type>Sender</Type><Code>InvalidParameter</Code><Message>Invalid parameter</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`);
  }

  // ---- test hooks ----

  const configSchema = z.object({ webhookUrl: z.url({ protocol: /^https?$/ }).nullable().optional(), signatureVersion: z.enum(['1', '2']).optional() });
  const clockSchema = z.object({ advanceMs: z.number().int() });
  const authorizeSchema = z.object({ outcome: z.enum(['success', 'failure', 'cancel']), wallet: z.string().regex(/^01[3-9]\d{8}$/).optional() });
  const publishSchema = z.object({ message: z.union([z.string(), z.record(z.string(), z.unknown())]), subject: z.string().optional() });

  function reset(): void {
    for (const store of [tokens, refreshTokens, payments, trxIDs]) store.clear();
    faults = [];
    recorded = [];
    deliveries = [];
    subscriptionTokens = [];
    clockOffsetMs = 0;
  }

  async function admin(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const method = request.method ?? 'GET';
    let input: unknown = {};
    if (method === 'POST') {
      const raw = await readBody(request);
      try {
        input = raw ? JSON.parse(raw) : {};
      } catch {
        return sendJson(response, 400, { error: 'not JSON' });
      }
    }
    const parse = <T>(schema: z.ZodType<T>): T | null => {
      const parsed = schema.safeParse(input);
      if (!parsed.success) sendJson(response, 400, { error: z.prettifyError(parsed.error) });
      return parsed.success ? parsed.data : null;
    };
    const paymentMatch = /^\/payments\/([^/]+)(\/authorize)?$/.exec(path);
    const resendMatch = /^\/notifications\/([^/]+)\/resend$/.exec(path);

    if (method === 'GET' && path === '') {
      return sendJson(response, 200, { origin, baseUrl: `${origin}${API_PATH.slice(0, -1)}`, certificateOrigin: origin, certificateUrl, topicArn, webhookUrl, signatureVersion, now: new Date(now()).toISOString() });
    }
    if (method === 'POST' && path === '/reset') {
      reset();
      return sendJson(response, 200, { reset: true });
    }
    if (method === 'POST' && path === '/config') {
      const config = parse(configSchema);
      if (!config) return;
      if (config.webhookUrl !== undefined) webhookUrl = config.webhookUrl;
      if (config.signatureVersion) signatureVersion = config.signatureVersion;
      return sendJson(response, 200, { webhookUrl, signatureVersion });
    }
    if (method === 'POST' && path === '/clock') {
      const clock = parse(clockSchema);
      if (!clock) return;
      clockOffsetMs += clock.advanceMs;
      return sendJson(response, 200, { now: new Date(now()).toISOString(), offsetMs: clockOffsetMs });
    }
    if (path === '/faults') {
      if (method === 'GET') return sendJson(response, 200, faults);
      if (method === 'DELETE') {
        faults = [];
        return sendJson(response, 200, faults);
      }
      const fault = parse(faultSchema);
      if (!fault) return;
      faults.push(fault);
      return sendJson(response, 200, faults);
    }
    if (method === 'GET' && path === '/requests') return sendJson(response, 200, recorded);
    if (method === 'GET' && path === '/payments') return sendJson(response, 200, [...payments.values()].map(paymentView));
    if (method === 'GET' && paymentMatch && !paymentMatch[2]) {
      const payment = payments.get(decodeURIComponent(paymentMatch[1] ?? ''));
      return payment ? sendJson(response, 200, paymentView(payment)) : sendJson(response, 404, { error: 'no such payment' });
    }
    if (method === 'POST' && paymentMatch?.[2]) {
      const choice = parse(authorizeSchema);
      if (!choice) return;
      const redirectUrl = authorize(decodeURIComponent(paymentMatch[1] ?? ''), choice.outcome, choice.wallet);
      return redirectUrl ? sendJson(response, 200, { redirectUrl }) : sendJson(response, 409, { error: 'no such payment waiting for the buyer' });
    }
    if (method === 'GET' && path === '/notifications') return sendJson(response, 200, deliveries.map(({ envelope: _envelope, ...delivery }) => delivery));
    if (method === 'POST' && resendMatch) {
      const delivery = await resend(decodeURIComponent(resendMatch[1] ?? ''));
      return delivery ? sendJson(response, 200, delivery) : sendJson(response, 404, { error: 'no such message' });
    }
    if (method === 'POST' && path === '/sns/publish') {
      const publish = parse(publishSchema);
      if (!publish) return;
      const message = typeof publish.message === 'string' ? publish.message : JSON.stringify(publish.message);
      const delivery = await publishText(message, publish.subject);
      return sendJson(response, 200, withoutEnvelope(delivery));
    }
    if (method === 'POST' && path === '/sns/subscribe') return sendJson(response, 200, withoutEnvelope(await sendSubscriptionConfirmation()));
    if (method === 'GET' && path === '/subscriptions') return sendJson(response, 200, subscriptionTokens);
    sendJson(response, 404, { error: 'no such test hook' });
  }

  function withoutEnvelope(delivery: Delivery): Delivery {
    const { envelope: _envelope, ...rest } = delivery as Delivery & { envelope?: SnsEnvelope };
    return rest;
  }

  function publishText(message: string, subject?: string): Promise<Delivery> {
    const fields: SnsEnvelope = { Type: 'Notification', MessageId: newMessageId(), TopicArn: topicArn, Message: message, Timestamp: new Date(now()).toISOString() };
    if (subject !== undefined) fields.Subject = subject;
    fields.UnsubscribeURL = `${origin}/__sns/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(subscriptionArn)}`;
    return publishEnvelope(fields, 'Notification');
  }

  async function resend(messageId: string): Promise<Delivery | null> {
    const delivery = deliveries.find((entry) => entry.messageId === messageId);
    if (!delivery) return null;
    // SNS repeats a message as it was: same id, same signature.
    delivery.webhookUrl = webhookUrl;
    delivery.attempts = [];
    return withoutEnvelope(await track(delivery));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    if (url.pathname.startsWith(API_PATH)) return api(request, response, url.pathname.slice(API_PATH.length));
    if (url.pathname === HOSTED_PATH) return hosted(request, response, url);
    if (url.pathname === '/__simulator' || url.pathname.startsWith('/__simulator/')) return admin(request, response, url.pathname.slice('/__simulator'.length));
    if (url.pathname.startsWith('/__sns/') && request.method === 'GET') return sns(response, url);
    sendJson(response, 404, { message: 'Not Found' });
  }

  if (options.subscribeOnStart) void sendSubscriptionConfirmation();

  return {
    origin,
    baseUrl: `${origin}${API_PATH.slice(0, -1)}`,
    certificateOrigin: origin,
    certificateUrl,
    topicArn,
    credentials,
    now,
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    setSignatureVersion: (version) => {
      signatureVersion = version;
    },
    injectFault: (fault) => {
      faults.push(faultSchema.parse(fault));
    },
    requests: () => [...recorded],
    payment: (paymentID) => {
      const payment = payments.get(paymentID);
      return payment ? paymentView(payment) : null;
    },
    authorize,
    notifications: () => deliveries.map(withoutEnvelope),
    deliveriesSettled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    publish: (message, subject) => publishText(typeof message === 'string' ? message : JSON.stringify(message), subject).then(withoutEnvelope),
    resend,
    sendSubscriptionConfirmation: () => sendSubscriptionConfirmation().then(withoutEnvelope),
    subscriptions: () => subscriptionTokens.map((entry) => ({ ...entry })),
    reset,
    close: async () => {
      stopping.abort();
      for (const response of held) response.destroy();
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

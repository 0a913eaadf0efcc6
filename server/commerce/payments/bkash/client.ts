import 'server-only';
import { z } from 'zod';
import { amountToPaisa, MAX_PAISA, paisaToAmount } from '../decimal-amounts';
import { fetchTimedOut } from '../fetch-timeout';

// A typed client of bKash's Tokenized Checkout API (v1.2.0-beta). Every call has a timeout, every
// answer is checked with zod, and every outcome is a result the caller handles: a refusal, a
// timeout or an answer we cannot read is `{ ok: false }`, never a thrown error. Amounts are paisa
// here and decimal strings of taka on the wire. The settings are passed in (server/platform/env.ts reads them).

export const BKASH_SANDBOX_BASE_URL = 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout';
export const BKASH_LIVE_BASE_URL = 'https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout';

/** bKash asks merchants to wait 30 seconds for every API call. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A token is refreshed when less than this is left of its hour, so no call goes out with one about to expire. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

export type BkashSettings = {
  /** The API base, e.g. BKASH_SANDBOX_BASE_URL (https; http only on the loopback, for the local simulator). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  timeoutMs?: number;
  /** The client's clock, in milliseconds (tests move it to reach a token's expiry). */
  now?: () => number;
};

/**
 * Why a call did not succeed:
 * - `provider`: bKash answered with an error statusCode (`code`, e.g. "2056"; `message` is bKash's, safe to show an admin);
 * - `unauthorized`: bKash refused our credentials or token, also after one fresh grant;
 * - `invalid-request`: we refused to send it (an amount not in paisa, an empty id…);
 * - `timeout`, `network`, `unavailable` (HTTP 429 or 5xx), `malformed` (an answer that is not what
 *   bKash documents, or that names another payment or amount): the outcome is unknown, so after an
 *   execute or a refund ask queryPayment / refundStatus before doing anything else.
 */
export type BkashFailureKind = 'provider' | 'unauthorized' | 'invalid-request' | 'timeout' | 'network' | 'unavailable' | 'malformed';
export type BkashFailure = { ok: false; kind: BkashFailureKind; code: string; message: string };
export type BkashResult<T> = ({ ok: true } & T) | BkashFailure;

export const TRANSACTION_STATUSES = ['Initiated', 'Authorized', 'Pending Authorized', 'Completed', 'Cancelled', 'Failed', 'Expired', 'Declined'] as const;
export type BkashTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type CreatePaymentRequest = {
  amountPaisa: number;
  /** Our reference for the payment (merchantInvoiceNumber), e.g. the order id. */
  invoiceNumber: string;
  /** Shown on bKash's page as the buyer's reference; in mode 0011 any text (e.g. the buyer's phone number). */
  payerReference: string;
  /** Where bKash sends the buyer back, with `paymentID` and `status` (success, failure, cancel) added. */
  callbackUrl: string;
};

export type CreatedPayment = {
  paymentId: string;
  /** bKash's page: send the buyer there. */
  bkashUrl: string;
  amountPaisa: number;
  invoiceNumber: string;
  status: BkashTransactionStatus;
  /** bKash's time text, kept as sent (e.g. "2019-08-07T11:12:34:978 GMT+0600"). */
  createTime: string;
};

export type BkashPayment = {
  paymentId: string;
  status: BkashTransactionStatus;
  /** bKash's transaction id; set once the payment completed. */
  trxId: string | null;
  amountPaisa: number;
  currency: 'BDT';
  intent: string;
  invoiceNumber: string;
  payerReference: string | null;
  /** The wallet that paid. */
  customerMsisdn: string | null;
  executeTime: string | null;
};

export type RefundRequest = { paymentId: string; trxId: string; amountPaisa: number; sku: string; reason: string };

export type BkashRefund = {
  originalTrxId: string;
  refundTrxId: string;
  status: BkashTransactionStatus;
  amountPaisa: number;
  chargePaisa: number;
  currency: 'BDT';
  completedTime: string | null;
};

/** Whether bKash's word on a payment proves that it paid this order in full. */
export function paymentPaysOrder(payment: BkashPayment, order: { invoiceNumber: string; amountPaisa: number }): boolean {
  return (
    payment.status === 'Completed' &&
    payment.trxId !== null &&
    payment.invoiceNumber === order.invoiceNumber &&
    payment.amountPaisa === order.amountPaisa &&
    payment.currency === 'BDT' &&
    payment.intent === 'sale'
  );
}

// ---- what bKash answers -------------------------------------------------------------------------

const text = z.string().min(1).max(1000);
const amount = z.string().transform((value, context) => {
  const paisa = amountToPaisa(value);
  if (paisa === null) context.addIssue({ code: 'custom', message: 'not an amount of taka' });
  return paisa ?? 0;
});
const status = z.enum(TRANSACTION_STATUSES);
const succeeded = z.literal('0000');

const tokenAnswer = z.object({
  statusCode: succeeded.optional(),
  id_token: text.max(10_000),
  refresh_token: text.max(10_000).optional(),
  // Documented as a number; a numeric string is read the same.
  expires_in: z.union([z.number(), z.string().regex(/^\d{1,9}$/).transform(Number)]).pipe(z.number().int().positive().max(30 * 86_400)),
});

const createAnswer = z.object({
  statusCode: succeeded,
  paymentID: text,
  bkashURL: z.url({ protocol: /^https?$/ }),
  amount,
  currency: z.literal('BDT'),
  intent: z.literal('sale'),
  merchantInvoiceNumber: text,
  transactionStatus: status,
  paymentCreateTime: z.string().max(100),
});

const paymentAnswer = z
  .object({
    statusCode: succeeded,
    paymentID: text,
    trxID: text.optional(),
    transactionStatus: status,
    amount,
    currency: z.literal('BDT'),
    intent: text,
    merchantInvoiceNumber: text,
    payerReference: z.string().max(1000).optional(),
    customerMsisdn: z.string().max(100).optional(),
    paymentExecuteTime: z.string().max(100).optional(),
  })
  .refine((answer) => answer.transactionStatus !== 'Completed' || answer.trxID !== undefined, 'a completed payment without trxID');

const refundAnswer = z.object({
  statusCode: succeeded.optional(),
  originalTrxID: text,
  refundTrxID: text,
  transactionStatus: status,
  amount,
  currency: z.literal('BDT'),
  charge: amount.optional(),
  completedTime: z.string().max(100).optional(),
});

/** bKash's error shapes: statusCode/statusMessage, or errorCode/errorMessage in some answers. */
const errorAnswer = z.union([
  z.object({ statusCode: z.string().min(1).max(20).refine((code) => code !== '0000'), statusMessage: z.string().max(1000).optional() }),
  z.object({ errorCode: z.union([z.string().min(1).max(20), z.number()]), errorMessage: z.string().max(1000).optional(), errorMessageEn: z.string().max(1000).optional() }),
]);

function toPayment(answer: z.infer<typeof paymentAnswer>): BkashPayment {
  return {
    paymentId: answer.paymentID,
    status: answer.transactionStatus,
    trxId: answer.trxID ?? null,
    amountPaisa: answer.amount,
    currency: answer.currency,
    intent: answer.intent,
    invoiceNumber: answer.merchantInvoiceNumber,
    payerReference: answer.payerReference ?? null,
    customerMsisdn: answer.customerMsisdn ?? null,
    executeTime: answer.paymentExecuteTime ?? null,
  };
}

function toRefund(answer: z.infer<typeof refundAnswer>): BkashRefund {
  return {
    originalTrxId: answer.originalTrxID,
    refundTrxId: answer.refundTrxID,
    status: answer.transactionStatus,
    amountPaisa: answer.amount,
    chargePaisa: answer.charge ?? 0,
    currency: answer.currency,
    completedTime: answer.completedTime ?? null,
  };
}

// ---- calls --------------------------------------------------------------------------------------

const MAX_ANSWER_CHARS = 256 * 1024;

function failure(kind: BkashFailureKind, code: string, message: string): BkashFailure {
  return { ok: false, kind, code, message };
}

type Answer = { ok: true; httpStatus: number; body: unknown } | BkashFailure;

/** What an HTTP answer says, short of its success shape: a refusal, or a body to check. */
function readAnswer(httpStatus: number, raw: string): Answer {
  if (httpStatus === 401 || httpStatus === 403) return failure('unauthorized', String(httpStatus), 'bKash refused the credentials or the token');
  let body: unknown;
  try {
    body = raw.length > MAX_ANSWER_CHARS ? undefined : JSON.parse(raw);
  } catch {
    body = undefined;
  }
  const error = errorAnswer.safeParse(body);
  if (error.success) {
    const answer = error.data;
    return 'statusCode' in answer
      ? failure('provider', answer.statusCode, answer.statusMessage ?? 'bKash refused the request')
      : failure('provider', String(answer.errorCode), answer.errorMessage ?? answer.errorMessageEn ?? 'bKash refused the request');
  }
  if (httpStatus === 429 || httpStatus >= 500) return failure('unavailable', String(httpStatus), `bKash answered HTTP ${httpStatus}`);
  if (httpStatus < 200 || httpStatus > 299) return failure('malformed', String(httpStatus), `bKash answered HTTP ${httpStatus}`);
  if (body === undefined) return failure('malformed', 'malformed-answer', 'bKash answered something that is not JSON');
  return { ok: true, httpStatus, body };
}

function checked<T>(answer: unknown, schema: z.ZodType<T>): { ok: true; value: T } | BkashFailure {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return { ok: true, value: parsed.data };
  // Field names only: the answer itself may carry tokens.
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || issue.message))].join(', ');
  return failure('malformed', 'malformed-answer', `bKash answered in an unexpected shape (${fields})`);
}

/** This machine: plain http is allowed there only (the local simulators). */
export function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

type Token = { idToken: string; refreshToken: string | null; expiresAt: number };

/**
 * One per process (the token is kept between calls, as bKash asks: a grant per call is refused
 * after a while). The token is no source of truth: a fresh process simply grants a new one.
 */
export class BkashClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: Token | null = null;
  private pendingToken: Promise<BkashResult<{ token: Token }>> | null = null;

  constructor(private readonly settings: BkashSettings) {
    const base = new URL(settings.baseUrl);
    // Money moves over TLS; plain http is only for the simulator on this machine.
    if (base.protocol !== 'https:' && !(base.protocol === 'http:' && isLoopback(base.hostname))) {
      throw new Error('The bKash base URL must be an https:// address');
    }
    this.base = base.href.endsWith('/') ? base.href : `${base.href}/`;
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = settings.now ?? Date.now;
  }

  private async post(path: string, headers: Record<string, string>, body: Record<string, unknown>): Promise<Answer> {
    try {
      const response = await fetch(new URL(path, this.base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return readAnswer(response.status, await response.text());
    } catch (error) {
      if (fetchTimedOut(error)) return failure('timeout', 'timeout', `bKash did not answer within ${this.timeoutMs} ms`);
      return failure('network', 'network', 'bKash could not be reached');
    }
  }

  private credentialsHeaders(): Record<string, string> {
    return { username: this.settings.username, password: this.settings.password };
  }

  private async requestToken(kind: 'grant' | 'refresh', refreshToken?: string): Promise<BkashResult<{ token: Token }>> {
    const body: Record<string, string> = { app_key: this.settings.appKey, app_secret: this.settings.appSecret };
    if (refreshToken) body.refresh_token = refreshToken;
    const started = this.now();
    const answer = await this.post(kind === 'grant' ? 'token/grant' : 'token/refresh', this.credentialsHeaders(), body);
    if (!answer.ok) return answer;
    const token = checked(answer.body, tokenAnswer);
    if (!token.ok) return token;
    const { id_token, refresh_token, expires_in } = token.value;
    return { ok: true, token: { idToken: id_token, refreshToken: refresh_token ?? refreshToken ?? null, expiresAt: started + expires_in * 1000 } };
  }

  /** A token for the next call: the kept one, a refreshed one shortly before it expires, or a new grant. */
  private async currentToken(): Promise<BkashResult<{ token: Token }>> {
    const kept = this.token;
    if (kept && kept.expiresAt - this.now() > TOKEN_REFRESH_MARGIN_MS) return { ok: true, token: kept };
    // Calls arriving together share one grant.
    this.pendingToken ??= (async () => {
      try {
        let result: BkashResult<{ token: Token }> | null = null;
        if (kept?.refreshToken) {
          result = await this.requestToken('refresh', kept.refreshToken);
          if (!result.ok) result = null; // e.g. the refresh token expired too: grant anew
        }
        result ??= await this.requestToken('grant');
        this.token = result.ok ? result.token : null;
        return result;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }

  /** The id_token the next call would send, granted or refreshed as needed. */
  async grantToken(): Promise<BkashResult<{ idToken: string; expiresAt: number }>> {
    const result = await this.currentToken();
    return result.ok ? { ok: true, idToken: result.token.idToken, expiresAt: result.token.expiresAt } : result;
  }

  /**
   * One authorized call. A token bKash refuses (HTTP 401/403: refused before anything was done)
   * is dropped and the call made once more with a new grant; so is a token answered with bKash's
   * system error "9999" when repeating the call cannot do anything twice (never for a refund).
   */
  private async call<T>(path: string, body: Record<string, unknown>, schema: z.ZodType<T>, repeatable: boolean): Promise<{ ok: true; value: T } | BkashFailure> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.currentToken();
      if (!token.ok) return token;
      const answer = await this.post(path, { authorization: token.token.idToken, 'x-app-key': this.settings.appKey }, body);
      if (answer.ok) return checked(answer.body, schema);
      const tokenRefused = answer.kind === 'unauthorized' || (answer.kind === 'provider' && answer.code === '9999');
      if (tokenRefused && this.token === token.token) this.token = null;
      const retry = answer.kind === 'unauthorized' || (tokenRefused && repeatable);
      if (!retry || attempt === 2) return answer;
    }
  }

  async createPayment(request: CreatePaymentRequest): Promise<BkashResult<{ payment: CreatedPayment }>> {
    const invalid = invalidAmount(request.amountPaisa, 1) ?? invalidText('invoiceNumber', request.invoiceNumber) ?? invalidText('payerReference', request.payerReference) ?? invalidCallback(request.callbackUrl);
    if (invalid) return invalid;
    const answer = await this.call(
      'create',
      {
        mode: '0011',
        payerReference: request.payerReference,
        callbackURL: request.callbackUrl,
        amount: paisaToAmount(request.amountPaisa),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: request.invoiceNumber,
      },
      createAnswer,
      true,
    );
    if (!answer.ok) return answer;
    const created = answer.value;
    if (created.amount !== request.amountPaisa || created.merchantInvoiceNumber !== request.invoiceNumber) {
      return failure('malformed', 'answer-mismatch', 'bKash answered with another amount or invoice number than was asked');
    }
    return {
      ok: true,
      payment: {
        paymentId: created.paymentID,
        bkashUrl: created.bkashURL,
        amountPaisa: created.amount,
        invoiceNumber: created.merchantInvoiceNumber,
        status: created.transactionStatus,
        createTime: created.paymentCreateTime,
      },
    };
  }

  /** Completes a payment the buyer authorized on bKash's page. Executing twice answers a provider error ("2117"): then ask queryPayment. */
  async executePayment(paymentId: string): Promise<BkashResult<{ payment: BkashPayment }>> {
    return this.paymentCall('execute', paymentId);
  }

  /** The payment as bKash holds it now. */
  async queryPayment(paymentId: string): Promise<BkashResult<{ payment: BkashPayment }>> {
    return this.paymentCall('payment/status', paymentId);
  }

  private async paymentCall(path: string, paymentId: string): Promise<BkashResult<{ payment: BkashPayment }>> {
    const invalid = invalidText('paymentId', paymentId);
    if (invalid) return invalid;
    const answer = await this.call(path, { paymentID: paymentId }, paymentAnswer, true);
    if (!answer.ok) return answer;
    if (answer.value.paymentID !== paymentId) return failure('malformed', 'answer-mismatch', 'bKash answered about another payment');
    return { ok: true, payment: toPayment(answer.value) };
  }

  /**
   * Pays back `amountPaisa` of a completed payment (bKash: within 15 days of it; never more than
   * was paid). Not repeated on its own: after a timeout or an unreadable answer, ask refundStatus.
   */
  async refundPayment(request: RefundRequest): Promise<BkashResult<{ refund: BkashRefund }>> {
    const invalid =
      invalidText('paymentId', request.paymentId) ??
      invalidText('trxId', request.trxId) ??
      invalidAmount(request.amountPaisa, 1) ??
      invalidText('sku', request.sku) ??
      invalidText('reason', request.reason);
    if (invalid) return invalid;
    const answer = await this.call(
      'payment/refund',
      { paymentID: request.paymentId, amount: paisaToAmount(request.amountPaisa), trxID: request.trxId, sku: request.sku, reason: request.reason },
      refundAnswer,
      false,
    );
    if (!answer.ok) return answer;
    if (answer.value.originalTrxID !== request.trxId || answer.value.amount !== request.amountPaisa) {
      return failure('malformed', 'answer-mismatch', 'bKash answered about another transaction or amount than was asked');
    }
    return { ok: true, refund: toRefund(answer.value) };
  }

  /** The refund of a payment as bKash holds it (the same path without an amount). */
  async refundStatus(request: { paymentId: string; trxId: string }): Promise<BkashResult<{ refund: BkashRefund }>> {
    const invalid = invalidText('paymentId', request.paymentId) ?? invalidText('trxId', request.trxId);
    if (invalid) return invalid;
    const answer = await this.call('payment/refund', { paymentID: request.paymentId, trxID: request.trxId }, refundAnswer, true);
    if (!answer.ok) return answer;
    if (answer.value.originalTrxID !== request.trxId) return failure('malformed', 'answer-mismatch', 'bKash answered about another transaction');
    return { ok: true, refund: toRefund(answer.value) };
  }
}

// ---- what we refuse to send ---------------------------------------------------------------------

function invalidAmount(paisa: number, least: number): BkashFailure | null {
  return Number.isSafeInteger(paisa) && paisa >= least && paisa <= MAX_PAISA ? null : failure('invalid-request', 'invalid-amount', `Not an amount in paisa: ${paisa}`);
}

function invalidText(name: string, value: string): BkashFailure | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 255 ? null : failure('invalid-request', `invalid-${name}`, `${name} must be 1 to 255 characters`);
}

function invalidCallback(value: string): BkashFailure | null {
  const parsed = URL.canParse(value) ? new URL(value) : null;
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') && value.length <= 1000
    ? null
    : failure('invalid-request', 'invalid-callbackUrl', 'callbackUrl must be an http(s) address');
}

import { z } from 'zod';
import { amountToPaisa, paisaToAmount } from '../decimal-amounts';
import { fetchTimedOut } from '../fetch-timeout';

// SSLCommerz's API on the base URL from the settings (the live gateway, its sandbox, or the local
// simulator), called with the platform's fetch: a session is a form POST (urlencoded, as SSLCommerz's
// Python clients send it: a string body, where a FormData body is streamed through web streams part
// by part); validation, queries and refunds are GETs with the fields in the query, as its
// documentation gives them. Connections are kept alive between calls, every call is bounded in time
// (and abandoned, not left running, when it is not answered), and every answer is checked with zod,
// so the callers get a typed result or `{ ok: false }`, never a guess.

export type SslcommerzSettings = { baseUrl: string; storeId: string; storePassword: string; timeoutMs?: number };

export type Failure = { ok: false; reason: string };

const DEFAULT_TIMEOUT_MS = 15_000;

const SESSION_PATH = '/gwprocess/v4/api.php';
const VALIDATION_PATH = '/validator/api/validationserverAPI.php';
/** Transaction queries, refunds and refund queries share one address, told apart by their fields. */
const MERCHANT_PATH = '/validator/api/merchantTransIDvalidationAPI.php';

type Request = { path: string; fields: Record<string, string | undefined>; method: 'GET' | 'POST' };

function credentials(settings: SslcommerzSettings): Record<string, string> {
  return { store_id: settings.storeId, store_passwd: settings.storePassword };
}

/**
 * Why a call failed, without the error's message: the query strings of SSLCommerz's addresses carry
 * the store password.
 */
function unreachable(error: unknown): Failure {
  const { name, cause } = typeof error === 'object' && error !== null ? (error as { name?: unknown; cause?: { code?: unknown } }) : {};
  const code = cause?.code ?? name ?? 'unknown';
  return { ok: false, reason: `SSLCommerz could not be reached (${String(code)})` };
}

async function call<T>(settings: SslcommerzSettings, schema: z.ZodType<T>, { path, fields, method }: Request): Promise<{ ok: true; answer: T } | Failure> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const all = { ...fields, ...credentials(settings) };
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}${path}`);
  let body: URLSearchParams | undefined;
  if (method === 'GET') {
    for (const [name, value] of Object.entries({ ...all, v: '1', format: 'json' })) if (value !== undefined) url.searchParams.set(name, value);
  } else {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(all)) if (value !== undefined) body.append(name, value);
  }
  let text: string;
  try {
    const response = await fetch(url, { method, body, headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
    if (!response.ok) return { ok: false, reason: `SSLCommerz answered HTTP ${response.status}` };
  } catch (error) {
    if (fetchTimedOut(error)) return { ok: false, reason: `SSLCommerz did not answer within ${timeoutMs} ms` };
    return unreachable(error);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'SSLCommerz answered something unexpected' };
  }
  const parsed = schema.safeParse(answer);
  return parsed.success ? { ok: true, answer: parsed.data } : { ok: false, reason: 'SSLCommerz answered something unexpected' };
}

const amount = z.string().transform((text, context) => {
  const paisa = amountToPaisa(text.trim());
  if (paisa === null) {
    context.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return paisa;
});

// ---- a session on the hosted page -------------------------------------------------------------

export type SessionRequest = {
  /** Ours, unique per payment attempt, at most 30 characters. */
  tranId: string;
  amountPaisa: number;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customer: { name: string; email: string; phone?: string };
  product: { name: string; category: string };
  /** Echoed back in the IPN and the validation answer. */
  valueA?: string;
};

const sessionAnswer = z.union([
  z.object({ status: z.literal('SUCCESS'), sessionkey: z.string().min(1), GatewayPageURL: z.string().url() }),
  // A refusal; a SUCCESS without its session is no answer at all.
  z.object({ status: z.string().refine((status) => status !== 'SUCCESS'), failedreason: z.string().optional() }),
]);

export async function createSession(settings: SslcommerzSettings, request: SessionRequest): Promise<{ ok: true; sessionKey: string; gatewayUrl: string } | Failure> {
  const result = await call(settings, sessionAnswer, {
    path: SESSION_PATH,
    method: 'POST',
    fields: {
      tran_id: request.tranId,
      total_amount: paisaToAmount(request.amountPaisa),
      currency: 'BDT',
      success_url: request.successUrl,
      fail_url: request.failUrl,
      cancel_url: request.cancelUrl,
      ipn_url: request.ipnUrl,
      shipping_method: 'NO',
      product_name: request.product.name,
      product_category: request.product.category,
      product_profile: 'non-physical-goods',
      cus_name: request.customer.name,
      cus_email: request.customer.email,
      cus_phone: request.customer.phone ?? '',
      cus_add1: 'Bangladesh',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      value_a: request.valueA,
    },
  });
  if (!result.ok) return result;
  const answer = result.answer;
  if (!('sessionkey' in answer)) return { ok: false, reason: `SSLCommerz refused the session: ${answer.failedreason || answer.status}` };
  return { ok: true, sessionKey: answer.sessionkey, gatewayUrl: answer.GatewayPageURL };
}

// ---- validation: the proof that a payment happened --------------------------------------------

export type Validation =
  | { status: 'valid' | 'validated'; tranId: string; valId: string; amountPaisa: number; currency: string; bankTranId: string; riskLevel: 0 | 1; cardType: string; valueA: string }
  | { status: 'invalid' };

const validationAnswer = z.union([
  z.object({
    status: z.enum(['VALID', 'VALIDATED']),
    tran_id: z.string(),
    val_id: z.string(),
    amount,
    currency: z.string(),
    bank_tran_id: z.string(),
    risk_level: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).transform((level) => (Number(level) === 1 ? 1 : 0) as 0 | 1),
    card_type: z.string().default(''),
    value_a: z.string().default(''),
    currency_type: z.string().optional(),
    currency_amount: amount.optional(),
  }),
  // INVALID_TRANSACTION and the like; a VALID without its details is no answer at all.
  z.object({ status: z.string().refine((status) => status !== 'VALID' && status !== 'VALIDATED') }),
]);

/**
 * What SSLCommerz says of `valId`. The amount and currency are the ones the buyer was charged:
 * `currency_type`/`currency_amount` when present (the session's own), else `amount` in BDT.
 */
export async function validatePayment(settings: SslcommerzSettings, valId: string): Promise<{ ok: true; validation: Validation } | Failure> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(valId)) return { ok: true, validation: { status: 'invalid' } };
  const result = await call(settings, validationAnswer, { path: VALIDATION_PATH, method: 'GET', fields: { val_id: valId } });
  if (!result.ok) return result;
  const answer = result.answer;
  if (!('tran_id' in answer)) return { ok: true, validation: { status: 'invalid' } };
  return {
    ok: true,
    validation: {
      status: answer.status === 'VALID' ? 'valid' : 'validated',
      tranId: answer.tran_id,
      valId: answer.val_id,
      amountPaisa: answer.currency_amount ?? answer.amount,
      currency: answer.currency_type ?? answer.currency,
      bankTranId: answer.bank_tran_id,
      riskLevel: answer.risk_level,
      cardType: answer.card_type,
      valueA: answer.value_a,
    },
  };
}

// ---- what happened to a transaction (the reconciler asks) -------------------------------------

export type TransactionAttempt = { status: string; valId: string; amountPaisa: number | null; bankTranId: string; riskLevel: 0 | 1 };

const queryAnswer = z.object({
  APIConnect: z.string(),
  element: z
    .array(
      z.object({
        status: z.string(),
        val_id: z.string().default(''),
        amount: z.string().default(''),
        bank_tran_id: z.string().default(''),
        risk_level: z.union([z.string(), z.number()]).default('0'),
      }),
    )
    .default([]),
});

export async function queryTransaction(settings: SslcommerzSettings, tranId: string): Promise<{ ok: true; attempts: TransactionAttempt[] } | Failure> {
  const result = await call(settings, queryAnswer, { path: MERCHANT_PATH, method: 'GET', fields: { tran_id: tranId } });
  if (!result.ok) return result;
  if (result.answer.APIConnect !== 'DONE') return { ok: false, reason: `SSLCommerz refused the query: ${result.answer.APIConnect}` };
  return {
    ok: true,
    attempts: result.answer.element.map((element) => ({
      status: element.status,
      valId: element.val_id,
      amountPaisa: amountToPaisa(element.amount.trim()),
      bankTranId: element.bank_tran_id,
      riskLevel: Number(element.risk_level) === 1 ? 1 : 0,
    })),
  };
}

// ---- refunds ------------------------------------------------------------------------------------

export type RefundState = { status: 'refunded' | 'processing'; refundRefId: string } | { status: 'failed'; reason: string };

const refundAnswer = z.object({
  APIConnect: z.string(),
  status: z.string().optional(),
  refund_ref_id: z.string().optional(),
  errorReason: z.string().optional(),
});

function refundStateOf(answer: z.output<typeof refundAnswer>, refundRefId?: string): RefundState {
  const reference = answer.refund_ref_id || refundRefId || '';
  if (answer.APIConnect === 'DONE' && reference && (answer.status === 'success' || answer.status === 'refunded')) return { status: 'refunded', refundRefId: reference };
  if (answer.APIConnect === 'DONE' && reference && answer.status === 'processing') return { status: 'processing', refundRefId: reference };
  return { status: 'failed', reason: answer.errorReason || answer.status || answer.APIConnect };
}

/** Asks SSLCommerz to pay `amountPaisa` of the payment `bankTranId` back; `reference` is ours, for the provider's records. */
export async function refundPayment(
  settings: SslcommerzSettings,
  request: { bankTranId: string; amountPaisa: number; reference: string; remarks: string },
): Promise<{ ok: true; refund: RefundState } | Failure> {
  const result = await call(settings, refundAnswer, {
    path: MERCHANT_PATH,
    method: 'GET',
    fields: { bank_tran_id: request.bankTranId, refund_amount: paisaToAmount(request.amountPaisa), refund_remarks: request.remarks, refe_id: request.reference },
  });
  return result.ok ? { ok: true, refund: refundStateOf(result.answer) } : result;
}

export async function refundStatus(settings: SslcommerzSettings, refundRefId: string): Promise<{ ok: true; refund: RefundState } | Failure> {
  const result = await call(settings, refundAnswer, { path: MERCHANT_PATH, method: 'GET', fields: { refund_ref_id: refundRefId } });
  return result.ok ? { ok: true, refund: refundStateOf(result.answer, refundRefId) } : result;
}

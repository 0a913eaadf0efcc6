import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml, readBody } from './http';

// A local stand-in for SSLCommerz's hosted checkout (API v4), as stripe-mock is for Stripe: the
// session, the hosted payment page, the IPN it posts to the shop (signed as the real one is), the
// validation API, the refund API and the transaction queries, at the paths the real gateway uses.
// The app's real provider code (server/commerce/payments/sslcommerz/) talks to it over HTTP; only the base
// URL differs. State is kept in memory: it is a test double, started per test run or demo.
//
// Started in-process by the tests (startSslcommerzSimulator).
//
// Test hooks under /__simulator/ change what it does next (drop an IPN, hold refunds in
// "processing") and tell what it sent.

export type SslcommerzSimulatorOptions = {
  port?: number;
  storeId?: string;
  storePassword?: string;
  /** The address buyers' browsers reach it at (defaults to http://127.0.0.1:PORT). */
  publicUrl?: string;
};

type Outcome = 'VALID' | 'FAILED' | 'CANCELLED';

type Session = {
  sessionKey: string;
  tranId: string;
  amount: string;
  currency: string;
  urls: { success: string; fail: string; cancel: string; ipn: string | null };
  values: Record<'value_a' | 'value_b' | 'value_c' | 'value_d', string>;
  createdAt: Date;
  /** Set once the buyer finished on the hosted page. */
  result: { status: Outcome; valId: string | null; bankTranId: string | null; riskLevel: '0' | '1'; cardType: string; at: Date } | null;
  validated: boolean;
};

type Refund = { refundRefId: string; bankTranId: string; tranId: string; amount: string; remarks: string; initiatedOn: Date; status: 'processing' | 'refunded' };

export type SentIpn = { url: string; fields: Record<string, string>; status: number | null };

export type SslcommerzSimulator = {
  baseUrl: string;
  storeId: string;
  storePassword: string;
  /** IPNs posted to the shop, oldest first. */
  sentIpns: () => SentIpn[];
  close: () => Promise<void>;
};

const TRAN_ID = /^[A-Za-z0-9_-]{1,30}$/;
const AMOUNT = /^\d{1,6}(?:\.\d{1,2})?$/;

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/**
 * The IPN's signature as SSLCommerz makes it (and its official libraries check it): the fields
 * named in `verify_key` with the md5 of the store password, sorted by name, joined as k=v&k=v, md5.
 */
export function signIpn(fields: Record<string, string>, storePassword: string): { verify_sign: string; verify_key: string } {
  const keys = Object.keys(fields).sort();
  const signed: Record<string, string> = { ...fields, store_passwd: md5(storePassword) };
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return { verify_sign: md5(text), verify_key: keys.join(',') };
}

function id(prefix: string, bytes = 9): string {
  return `${prefix}${randomBytes(bytes).toString('hex').toUpperCase()}`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#fde68a;padding:.5rem 1rem;text-align:center;font-weight:600}.card{background:#fff;border-radius:.75rem;padding:1rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
button{display:block;width:100%;font-size:1.05rem;padding:.8rem;margin-top:.6rem;border-radius:.5rem;border:1px solid #0f766e;background:#0f766e;color:#fff}
button.secondary{background:#fff;color:#0f766e}label{display:block;margin-top:.6rem}select{width:100%;font-size:1rem;padding:.6rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#475569}</style></head>
<body><div class="banner">Local SSLCommerz simulator — no real payment</div><main>${body}</main></body></html>`;
}

/** Form fields from a urlencoded or multipart/form-data body (SSLCommerz's clients send sessions either way). */
function formFields(contentType: string, body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (boundary) {
    for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
      const match = /name="([^"]+)"\r\n(?:[^\r\n]*\r\n)*\r\n([\s\S]*)\r\n$/.exec(part);
      if (match?.[1] !== undefined) fields[match[1]] = match[2] ?? '';
    }
    return fields;
  }
  for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  return fields;
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function html(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

export async function startSslcommerzSimulator(options: SslcommerzSimulatorOptions = {}): Promise<SslcommerzSimulator> {
  const storeId = options.storeId ?? 'kzsimulator01';
  const storePassword = options.storePassword ?? 'kzsimulator01@ssl';
  const sessions = new Map<string, Session>();
  const byValId = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  const sentIpns: SentIpn[] = [];
  const hooks = { dropNextIpns: 0, holdRefunds: false };
  let baseUrl = '';

  const authenticated = (fields: Record<string, string | undefined>) => fields.store_id === storeId && fields.store_passwd === storePassword;

  /** The fields SSLCommerz posts to the shop, to its IPN and to the buyer's return address. */
  function resultFields(session: Session): Record<string, string> {
    const result = session.result;
    const fields: Record<string, string> = {
      status: result?.status ?? 'UNATTEMPTED',
      tran_id: session.tranId,
      amount: session.amount,
      currency: session.currency,
      tran_date: (result?.at ?? session.createdAt).toISOString().replace('T', ' ').slice(0, 19),
      ...session.values,
    };
    if (result?.valId) fields.val_id = result.valId;
    if (result?.bankTranId) fields.bank_tran_id = result.bankTranId;
    if (result) {
      fields.card_type = result.cardType;
      fields.store_amount = (Number(session.amount) * 0.975).toFixed(2);
      fields.risk_level = result.riskLevel;
      fields.risk_title = result.riskLevel === '1' ? 'Risky' : 'Safe';
      fields.currency_type = session.currency;
      fields.currency_amount = session.amount;
    }
    return { ...fields, ...signIpn(fields, storePassword) };
  }

  async function postIpn(session: Session): Promise<void> {
    if (!session.urls.ipn) return;
    const fields = resultFields(session);
    if (hooks.dropNextIpns > 0) {
      hooks.dropNextIpns -= 1;
      sentIpns.push({ url: session.urls.ipn, fields, status: null });
      return;
    }
    let status: number | null = null;
    try {
      const answer = await fetch(session.urls.ipn, { method: 'POST', body: new URLSearchParams(fields), signal: AbortSignal.timeout(10_000) });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = null;
    }
    sentIpns.push({ url: session.urls.ipn, fields, status });
  }

  async function createSession(fields: Record<string, string>): Promise<Record<string, unknown>> {
    if (!authenticated(fields)) return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' };
    const missing = ['tran_id', 'total_amount', 'currency', 'success_url', 'fail_url', 'cancel_url'].find((name) => !fields[name]);
    if (missing) return { status: 'FAILED', failedreason: `Invalid Information: '${missing}' is missing` };
    if (!TRAN_ID.test(fields.tran_id ?? '')) return { status: 'FAILED', failedreason: 'Invalid tran_id' };
    const amount = Number(fields.total_amount);
    if (!AMOUNT.test(fields.total_amount ?? '') || amount < 10 || amount > 500000) return { status: 'FAILED', failedreason: 'Invalid amount: total_amount must be 10.00 to 500000.00' };
    const session: Session = {
      sessionKey: id('', 16),
      tranId: fields.tran_id ?? '',
      amount: amount.toFixed(2),
      currency: fields.currency ?? 'BDT',
      urls: { success: fields.success_url ?? '', fail: fields.fail_url ?? '', cancel: fields.cancel_url ?? '', ipn: fields.ipn_url || null },
      values: { value_a: fields.value_a ?? '', value_b: fields.value_b ?? '', value_c: fields.value_c ?? '', value_d: fields.value_d ?? '' },
      createdAt: new Date(),
      result: null,
      validated: false,
    };
    sessions.set(session.sessionKey, session);
    return {
      status: 'SUCCESS',
      failedreason: '',
      sessionkey: session.sessionKey,
      GatewayPageURL: `${baseUrl}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${session.sessionKey}`,
      redirectGatewayURL: `${baseUrl}/gwprocess/v4/gw.php?Q=REDIRECT&SESSIONKEY=${session.sessionKey}`,
      storeBanner: '',
      storeLogo: '',
      desc: [],
      is_direct_pay_enable: '0',
    };
  }

  function checkoutPage(session: Session): string {
    return page(
      'SSLCommerz payment',
      `<div class="card"><h1 style="font-size:1.25rem;margin:0">Pay ${escapeHtml(session.currency)} ${escapeHtml(session.amount)}</h1>
<dl><dt>Merchant</dt><dd>${escapeHtml(storeId)}</dd><dt>Transaction</dt><dd>${escapeHtml(session.tranId)}</dd></dl>
<form method="post" action="/gwprocess/v4/gw.php?Q=submit&amp;SESSIONKEY=${escapeHtml(session.sessionKey)}">
<label for="method">Pay with</label><select id="method" name="method"><option value="VISA-Dutch Bangla">Card (VISA)</option><option value="BKASH-BKash">bKash</option><option value="NAGAD-Nagad">Nagad</option><option value="DBBLMOBILEB-Dbbl Mobile Banking">Rocket</option></select>
<button name="outcome" value="success">Pay now</button>
<button class="secondary" name="outcome" value="risky">Pay (flagged as risky)</button>
<button class="secondary" name="outcome" value="fail">Simulate a failed payment</button>
<button class="secondary" name="outcome" value="cancel">Cancel and go back</button>
</form></div>`,
    );
  }

  /** The real gateway sends the buyer back with a form POST to the shop's address. */
  function returnPage(url: string, fields: Record<string, string>): string {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return page(
      'Returning to the shop',
      `<div class="card"><p>Returning you to the shop…</p><form id="back" method="post" action="${escapeHtml(url)}">${inputs}<button>Return to the shop</button></form></div>
<script>document.getElementById('back').submit()</script>`,
    );
  }

  async function finish(session: Session, outcome: string, method: string): Promise<{ url: string; fields: Record<string, string> }> {
    if (!session.result) {
      const status: Outcome = outcome === 'fail' ? 'FAILED' : outcome === 'cancel' ? 'CANCELLED' : 'VALID';
      const paid = status === 'VALID';
      session.result = {
        status,
        valId: paid ? id('', 12) : null,
        bankTranId: paid ? id('', 10) : null,
        riskLevel: outcome === 'risky' ? '1' : '0',
        cardType: method,
        at: new Date(),
      };
      if (session.result.valId) byValId.set(session.result.valId, session);
      // The IPN leaves before the buyer is sent back, as the gateway does (it may arrive later all the same).
      await postIpn(session);
    }
    const url = session.result.status === 'VALID' ? session.urls.success : session.result.status === 'FAILED' ? session.urls.fail : session.urls.cancel;
    return { url, fields: resultFields(session) };
  }

  function validation(fields: Record<string, string>): Record<string, unknown> {
    if (!authenticated(fields)) return { status: 'INVALID_TRANSACTION', error: 'Store Credential Error' };
    const session = byValId.get(fields.val_id ?? '');
    if (!session?.result || session.result.status !== 'VALID') return { status: 'INVALID_TRANSACTION' };
    const status = session.validated ? 'VALIDATED' : 'VALID';
    session.validated = true;
    const result = resultFields(session);
    return {
      status,
      tran_date: result.tran_date,
      tran_id: session.tranId,
      val_id: session.result.valId,
      amount: session.amount,
      store_amount: result.store_amount,
      currency: 'BDT',
      bank_tran_id: session.result.bankTranId,
      card_type: session.result.cardType,
      currency_type: session.currency,
      currency_amount: session.amount,
      risk_level: session.result.riskLevel,
      risk_title: result.risk_title,
      ...session.values,
      APIConnect: 'DONE',
      validated_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
    };
  }

  function transactionElement(session: Session): Record<string, unknown> {
    const status = !session.result ? 'PENDING' : session.result.status === 'VALID' ? (session.validated ? 'VALIDATED' : 'VALID') : session.result.status;
    return {
      val_id: session.result?.valId ?? '',
      status,
      validated_on: '',
      currency_type: session.currency,
      currency_amount: session.amount,
      tran_date: resultFields(session).tran_date,
      tran_id: session.tranId,
      amount: session.amount,
      currency: 'BDT',
      bank_tran_id: session.result?.bankTranId ?? '',
      card_type: session.result?.cardType ?? '',
      risk_level: session.result?.riskLevel ?? '0',
      risk_title: session.result?.riskLevel === '1' ? 'Risky' : 'Safe',
    };
  }

  function merchantApi(fields: Record<string, string>): Record<string, unknown> {
    if (!authenticated(fields)) return { APIConnect: 'INVALID_REQUEST', errorReason: 'Store Credential Error' };
    if (fields.refund_amount !== undefined) {
      const paid = [...byValId.values()].find((session) => session.result?.bankTranId === fields.bank_tran_id);
      if (!paid) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid bank_tran_id' };
      const already = [...refunds.values()].filter((refund) => refund.bankTranId === fields.bank_tran_id);
      const requested = Number(fields.refund_amount);
      const refunded = already.reduce((sum, refund) => sum + Number(refund.amount), 0);
      if (!AMOUNT.test(fields.refund_amount) || requested <= 0 || requested + refunded > Number(paid.amount) + 1e-9) {
        return { APIConnect: 'DONE', bank_tran_id: fields.bank_tran_id, status: 'failed', errorReason: 'Refund amount exceeds the transaction amount' };
      }
      const refund: Refund = {
        refundRefId: id('R', 8),
        bankTranId: fields.bank_tran_id ?? '',
        tranId: paid.tranId,
        amount: requested.toFixed(2),
        remarks: fields.refund_remarks ?? '',
        initiatedOn: new Date(),
        status: hooks.holdRefunds ? 'processing' : 'refunded',
      };
      refunds.set(refund.refundRefId, refund);
      return { APIConnect: 'DONE', bank_tran_id: refund.bankTranId, trans_id: refund.tranId, refund_ref_id: refund.refundRefId, status: refund.status === 'refunded' ? 'success' : 'processing', errorReason: '' };
    }
    if (fields.refund_ref_id !== undefined) {
      const refund = refunds.get(fields.refund_ref_id);
      if (!refund) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' };
      return {
        APIConnect: 'DONE',
        bank_tran_id: refund.bankTranId,
        tran_id: refund.tranId,
        refund_ref_id: refund.refundRefId,
        initiated_on: refund.initiatedOn.toISOString().replace('T', ' ').slice(0, 19),
        refunded_on: refund.status === 'refunded' ? refund.initiatedOn.toISOString().replace('T', ' ').slice(0, 19) : '',
        status: refund.status,
        errorReason: '',
      };
    }
    const found = fields.tran_id !== undefined ? [...sessions.values()].filter((session) => session.tranId === fields.tran_id) : [...sessions.values()].filter((session) => session.sessionKey === fields.sessionkey);
    if (fields.sessionkey !== undefined) {
      const session = found[0];
      return session ? { APIConnect: 'DONE', sessionkey: session.sessionKey, ...transactionElement(session) } : { APIConnect: 'DONE', status: 'INVALID_REQUEST' };
    }
    return { APIConnect: 'DONE', no_of_trans_found: found.length, element: found.map(transactionElement) };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const body = req.method === 'POST' ? await readBody(req) : '';
    const fields = { ...Object.fromEntries(url.searchParams), ...formFields(String(req.headers['content-type'] ?? ''), body) };
    switch (url.pathname) {
      case '/gwprocess/v4/api.php':
        return json(res, 200, await createSession(fields));
      case '/gwprocess/v4/gw.php': {
        const session = sessions.get(url.searchParams.get('SESSIONKEY') ?? '');
        if (!session) return html(res, 404, page('Unknown session', '<div class="card"><p>This payment session does not exist or has expired.</p></div>'));
        if (url.searchParams.get('Q') === 'submit' && req.method === 'POST') {
          const back = await finish(session, fields.outcome ?? 'success', fields.method ?? 'VISA-Dutch Bangla');
          return html(res, 200, returnPage(back.url, back.fields));
        }
        if (session.result) return html(res, 200, returnPage(session.result.status === 'VALID' ? session.urls.success : session.urls.fail, resultFields(session)));
        return html(res, 200, checkoutPage(session));
      }
      // GET with the fields in the query, as documented (SSLCommerz's own Node client sends them as POSTs: both are taken).
      case '/validator/api/validationserverAPI.php':
        return json(res, 200, validation(fields));
      case '/validator/api/merchantTransIDvalidationAPI.php':
        return json(res, 200, merchantApi(fields));
      case '/__simulator/drop-next-ipn':
        hooks.dropNextIpns += 1;
        return json(res, 200, { dropNextIpns: hooks.dropNextIpns });
      case '/__simulator/hold-refunds':
        hooks.holdRefunds = fields.hold !== 'false';
        return json(res, 200, hooks);
      case '/__simulator/settle-refunds':
        for (const refund of refunds.values()) refund.status = 'refunded';
        return json(res, 200, { refunds: refunds.size });
      case '/__simulator/resend-ipn': {
        const session = [...sessions.values()].find((candidate) => candidate.tranId === fields.tran_id);
        if (!session?.result) return json(res, 404, { error: 'no finished session with that tran_id' });
        await postIpn(session);
        return json(res, 200, { sent: true });
      }
      case '/__simulator/ipns':
        return json(res, 200, sentIpns);
      default:
        return json(res, 404, { error: 'Not found' });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    storeId,
    storePassword,
    sentIpns: () => [...sentIpns],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

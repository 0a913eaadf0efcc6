import 'server-only';
import { paymentSettings } from '../../platform/env';
import { findAttempt, settleAttempt } from '../payment-attempts';
import type { AttemptView } from '../payment-attempts';
import { ipnSignatureValid } from '../payments/sslcommerz/ipn';

// SSLCommerz's two doors into the shop: its IPN (server to server, signed with verify_sign) and the
// buyer's browser coming back (a cross-site POST to the success, fail or cancel address, which
// carries no cookies and proves nothing). Both only name an attempt and perhaps a val_id; the
// attempt is then settled by asking SSLCommerz's validation API (server/commerce/payment-attempts.ts).

/** The most fields either door reads; SSLCommerz posts about forty. */
const MAX_FIELDS = 100;

function fieldsOf(form: string): Record<string, string> | null {
  const params = new URLSearchParams(form);
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of params) {
    if ((count += 1) > MAX_FIELDS || key.length > 64 || value.length > 2000) return null;
    // The first value of a repeated field, as SSLCommerz's own code reads them.
    if (!Object.hasOwn(fields, key)) fields[key] = value;
  }
  return fields;
}

const PAID_STATUSES = new Set(['VALID', 'VALIDATED']);

function valIdOf(fields: Record<string, string>): string | null {
  return PAID_STATUSES.has(fields.status ?? '') && fields.val_id ? fields.val_id : null;
}

export type IpnAnswer = { status: 200 | 400 | 401 | 404; body: { received: boolean; error?: string } };

/** The IPN: refused unless its verify_sign checks with our store password; then the attempt it names is settled. */
export async function handleSslcommerzIpn(form: string): Promise<IpnAnswer> {
  const { SSLCOMMERZ_STORE_PASSWORD } = paymentSettings();
  if (!SSLCOMMERZ_STORE_PASSWORD) return { status: 404, body: { received: false, error: 'SSLCommerz is not configured' } };
  const fields = fieldsOf(form);
  if (!fields?.tran_id) return { status: 400, body: { received: false, error: 'Malformed notification' } };
  if (!ipnSignatureValid(fields, SSLCOMMERZ_STORE_PASSWORD)) return { status: 401, body: { received: false, error: 'Invalid signature' } };
  const attempt = await findAttempt(fields.tran_id);
  // Not ours (another shop's id, or made up): acknowledged, nothing to do.
  if (!attempt || attempt.method !== 'sslcommerz') return { status: 200, body: { received: true } };
  await settleAttempt(attempt._id, { valId: valIdOf(fields) });
  return { status: 200, body: { received: true } };
}

export type ReturnOutcome = 'success' | 'fail' | 'cancel';

/**
 * The buyer back from SSLCommerz's page: the attempt named by tran_id is settled (with the posted
 * val_id as a question, never as an answer), and the attempt is answered for the redirect to its
 * return page. Null when the form names no attempt of ours.
 */
export async function handleSslcommerzReturn(outcome: ReturnOutcome, form: string): Promise<AttemptView | null> {
  const fields = fieldsOf(form);
  const attempt = fields?.tran_id ? await findAttempt(fields.tran_id) : null;
  if (!fields || !attempt || attempt.method !== 'sslcommerz') return null;
  const settled = await settleAttempt(attempt._id, { valId: outcome === 'success' ? valIdOf(fields) : null, fromBrowser: true });
  return settled.attempt;
}

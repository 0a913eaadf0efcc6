import 'server-only';
import { paymentSettings } from '../../platform/env';
import { findAttempt, findAttemptByProviderPayment, settleAttempt } from '../payment-attempts';
import type { AttemptView } from '../payment-attempts';
import { parseBkashNotice } from '../payments/bkash/notice';
import { confirmSnsSubscription, trustedCertificateOriginsFromSettings, verifySnsMessage } from '../payments/bkash/sns';

// bKash's two doors into the shop: the buyer's browser sent back to our callback address with
// `paymentID` and `status`, and bKash's webhook (Amazon SNS, signed). Neither is proof: the
// callback's status=success only tells us to execute the payment, and a notice only tells us which
// payment to ask about; server/commerce/payment-attempts.ts asks bKash and settles.

export type CallbackStatus = 'success' | 'failure' | 'cancel';

/** The buyer back from bKash's page: the attempt with that paymentID is executed (success) or asked about. Null when it is not ours. */
export async function handleBkashCallback(paymentId: string, status: CallbackStatus): Promise<AttemptView | null> {
  const attempt = await findAttemptByProviderPayment('bkash', paymentId);
  if (!attempt) return null;
  const settled = await settleAttempt(attempt._id, { complete: status === 'success', fromBrowser: true });
  return settled.attempt;
}

let trustedOrigins: string[] | undefined;

function snsOptions(topicArn: string, messageTypeHeader: string | null) {
  const settings = paymentSettings();
  trustedOrigins ??= trustedCertificateOriginsFromSettings({
    BKASH_SNS_TRUSTED_CERT_ORIGIN: settings.BKASH_SNS_TRUSTED_CERT_ORIGIN,
    BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: settings.BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION,
    NODE_ENV: settings.NODE_ENV,
  });
  return { topicArn, trustedCertificateOrigins: trustedOrigins, messageTypeHeader };
}

export type WebhookAnswer = { status: 200 | 400 | 401 | 404; body: { received: boolean; error?: string } };

/** One SNS delivery: verified (signature, certificate host, topic, freshness), then confirmed or acted on. */
export async function handleBkashWebhook(body: string, messageTypeHeader: string | null): Promise<WebhookAnswer> {
  const topicArn = paymentSettings().BKASH_SNS_TOPIC_ARN;
  if (!topicArn || !paymentSettings().BKASH_APP_KEY) return { status: 404, body: { received: false, error: 'bKash webhooks are not configured' } };
  const options = snsOptions(topicArn, messageTypeHeader);
  const verified = await verifySnsMessage(body, options);
  if (!verified.ok) {
    console.warn(`[bkash-webhook] refused: ${verified.reason} (${verified.detail})`);
    return { status: verified.reason === 'malformed' ? 400 : 401, body: { received: false, error: 'Not a genuine notification' } };
  }
  const message = verified.message;
  if (message.Type === 'SubscriptionConfirmation') {
    const confirmed = await confirmSnsSubscription(message, options);
    if (!confirmed.ok) console.error(`[bkash-webhook] subscription not confirmed: ${confirmed.reason}`);
    return { status: 200, body: { received: confirmed.ok } };
  }
  if (message.Type !== 'Notification') return { status: 200, body: { received: true } };
  const parsed = parseBkashNotice(message.Message);
  if (!parsed.ok) {
    console.warn(`[bkash-webhook] unreadable notice: ${parsed.reason}`);
    return { status: 200, body: { received: true } };
  }
  const { notice } = parsed;
  // Refunds are followed by the reconciler (it asks bKash about each refund it started).
  if (notice.kind === 'refund') return { status: 200, body: { received: true } };
  const attempt =
    (notice.invoiceNumber ? await findAttempt(notice.invoiceNumber) : null) ??
    (notice.paymentId ? await findAttemptByProviderPayment('bkash', notice.paymentId) : null);
  if (attempt?.method === 'bkash') await settleAttempt(attempt._id, { complete: false });
  return { status: 200, body: { received: true } };
}

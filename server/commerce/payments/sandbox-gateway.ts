import 'server-only';
import { randomBytes } from 'node:crypto';
import { sameSecret } from '../../platform/same-secret';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../../platform/db';
import type { SandboxPaymentIntentDocument } from '../../platform/documents';
import { HttpError } from '../../platform/http';
import { englishText } from '../../platform/english-text';
import { RefundRefusedError } from './gateway';
import type { GatewayIntent, GatewayRefund, IntentRequest, PaymentGateway, RefundRequest } from './gateway';
import { checkTestCard } from './sandbox-cards';
import type { CardDetails } from './sandbox-cards';

// The payment gateway used when no Stripe keys are set: the same PaymentIntent state machine,
// kept in the `sandboxPaymentIntents` collection, with Stripe's test-card rules. It moves no
// money, so it only runs where the checkout mode allows it (server/commerce/payments/mode.ts).

export type SandboxConfirmation =
  | { ok: true; intent: GatewayIntent }
  | { ok: false; message: string; intent: GatewayIntent | null };


function toIntent(document: SandboxPaymentIntentDocument): GatewayIntent {
  return {
    id: document._id,
    clientSecret: document.clientSecret,
    amountCents: document.amountCents,
    currency: document.currency,
    status: document.status,
    orderId: document.orderId.toHexString(),
    lastErrorMessage: document.lastErrorMessage ?? null,
  };
}

/** The intent id is the part of a client secret before `_secret_`, as at Stripe. */
export function intentIdOfClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}

export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;

  async createIntent(request: IntentRequest): Promise<GatewayIntent> {
    const orderId = parseObjectId(request.orderId);
    if (!orderId) throw new HttpError(400, 'invalidId');
    const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
    const now = new Date();
    const document: SandboxPaymentIntentDocument = {
      _id: id,
      orderId,
      clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
      amountCents: request.amountCents,
      currency: 'usd',
      status: 'requires_payment_method',
      createdAt: now,
      updatedAt: now,
    };
    return withDb(async () => {
      const intents = await collection('sandboxPaymentIntents');
      try {
        await intents.insertOne(document);
        return toIntent(document);
      } catch (error) {
        // The unique orderId index makes a second click (or a second tab) get the first intent.
        if (!isDuplicateKey(error)) throw error;
        const existing = await intents.findOne({ orderId });
        if (!existing) throw error;
        return toIntent(existing);
      }
    });
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent | null> {
    const document = await withDb(async () => (await collection('sandboxPaymentIntents')).findOne({ _id: intentId }));
    return document ? toIntent(document) : null;
  }

  async updateIntentAmount(intentId: string, amountCents: number): Promise<GatewayIntent | null> {
    return withDb(async () => {
      const intents = await collection('sandboxPaymentIntents');
      await intents.updateOne({ _id: intentId, status: 'requires_payment_method' }, { $set: { amountCents, updatedAt: new Date() } });
      const document = await intents.findOne({ _id: intentId });
      return document ? toIntent(document) : null;
    });
  }

  async cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    return withDb(async () => {
      const intents = await collection('sandboxPaymentIntents');
      await intents.updateOne(
        { _id: intentId, status: 'requires_payment_method' },
        { $set: { status: 'canceled', updatedAt: new Date() } },
      );
      const document = await intents.findOne({ _id: intentId });
      return document ? toIntent(document) : null;
    });
  }

  /**
   * Refunds a succeeded intent in full, once: the refund id is set only where none is, so every
   * later call (a retry, a resumed refund) answers the first refund.
   */
  async refundPayment(request: RefundRequest): Promise<GatewayRefund> {
    return withDb(async () => {
      const intents = await collection('sandboxPaymentIntents');
      const now = new Date();
      await intents.updateOne(
        { _id: request.paymentIntentId, status: 'succeeded', refundId: { $exists: false } },
        { $set: { refundId: `re_sandbox_${randomBytes(12).toString('hex')}`, refundedAt: now, updatedAt: now } },
      );
      const document = await intents.findOne({ _id: request.paymentIntentId });
      if (!document?.refundId || document.orderId.toHexString() !== request.orderId) {
        throw new RefundRefusedError('The sandbox has no completed payment for this order to refund.');
      }
      return { id: document.refundId, status: 'succeeded' };
    });
  }

  /**
   * What Stripe.js's confirmCardPayment does: check the card and, when it passes, move the intent
   * to succeeded. A declined card leaves it waiting for another card, with the decline recorded.
   */
  async confirmCard(clientSecret: string, card: CardDetails, now: Date = new Date()): Promise<SandboxConfirmation> {
    const intentId = intentIdOfClientSecret(clientSecret);
    return withDb(async () => {
      const intents = await collection('sandboxPaymentIntents');
      const document = intentId ? await intents.findOne({ _id: intentId }) : null;
      if (!document || !sameSecret(clientSecret, document.clientSecret)) {
        return { ok: false, message: 'No such payment_intent.', intent: null };
      }
      if (document.status === 'succeeded') return { ok: true, intent: toIntent(document) };
      if (document.status === 'canceled') {
        return { ok: false, message: 'thisPaymentWasCancelledTogetherWithItsOrder', intent: toIntent(document) };
      }
      const check = checkTestCard(card, now);
      if (!check.ok) {
        // The intent keeps Stripe's words, as a Stripe intent does; the answer its code for the page.
        const lastErrorMessage = englishText(check.message);
        await intents.updateOne({ _id: document._id }, { $set: { lastErrorMessage, updatedAt: now } });
        return { ok: false, message: check.message, intent: toIntent({ ...document, lastErrorMessage }) };
      }
      // Guarded on the state so a cancellation that won the race is not overwritten.
      await intents.updateOne(
        { _id: document._id, status: 'requires_payment_method' },
        { $set: { status: 'succeeded', updatedAt: now }, $unset: { lastErrorMessage: '' } },
      );
      const updated = await intents.findOne({ _id: document._id });
      if (updated?.status !== 'succeeded') {
        return { ok: false, message: 'thisPaymentWasCancelledTogetherWithItsOrder', intent: updated ? toIntent(updated) : null };
      }
      return { ok: true, intent: toIntent(updated) };
    });
  }
}

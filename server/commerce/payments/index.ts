import 'server-only';
import { env } from '../../platform/env';
import { HttpError } from '../../platform/http';
import type { PaymentGateway } from './gateway';
import { offeredMethods } from './methods';
import { PAYMENTS_NOT_CONFIGURED, checkoutMode } from './mode';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway, createStripeClient } from './stripe-gateway';

// Which gateway takes payments: Stripe when its secret key is set, the sandbox where the checkout
// mode allows it (server/commerce/payments/mode.ts), otherwise none: every payment operation answers 503.

let cached: PaymentGateway | undefined;
let explained = false;

/** 503 when this server takes no payments (no card, no bKash, no SSLCommerz): nothing about an order or a payment changes. */
export function assertCheckoutAvailable(): void {
  if (offeredMethods().length > 0) return;
  if (!explained) {
    explained = true;
    console.error('[payments] no STRIPE_SECRET_KEY, not the demo (KZ_DEMO_MODE), ALLOW_SANDBOX_PAYMENTS is not true, and neither bKash nor SSLCommerz is configured: checkout is off');
  }
  throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
}

/** The card gateway, or null when this server takes no card payments (bKash and SSLCommerz may still be offered). */
export function cardGateway(): PaymentGateway | null {
  return checkoutMode().kind === 'unavailable' ? null : paymentGateway();
}

export function paymentGateway(): PaymentGateway {
  if (cached) return cached;
  assertCheckoutAvailable();
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = env();
  cached = STRIPE_SECRET_KEY ? new StripeGateway(createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiUrl: STRIPE_API_URL })) : new SandboxGateway();
  return cached;
}

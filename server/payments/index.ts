import 'server-only';
import { env } from '../env';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox-gateway';
import { StripeGateway, createStripeClient } from './stripe-gateway';

// Which gateway takes payments: Stripe when its secret key is set, otherwise the sandbox
// (which itself refuses production unless explicitly allowed).

export type PaymentMode = { kind: 'stripe'; publishableKey: string } | { kind: 'sandbox' };

let cached: PaymentGateway | undefined;

export function paymentGateway(): PaymentGateway {
  if (cached) return cached;
  const settings = env();
  cached = settings.STRIPE_SECRET_KEY
    ? new StripeGateway(createStripeClient({ secretKey: settings.STRIPE_SECRET_KEY, apiUrl: settings.STRIPE_API_URL }))
    : createSandboxGateway({ nodeEnv: settings.NODE_ENV, allowSandbox: settings.ALLOW_SANDBOX_PAYMENTS === 'true' });
  return cached;
}

/** What the payment page renders: Stripe Elements with the publishable key, or the sandbox card form. */
export function paymentMode(): PaymentMode {
  const gateway = paymentGateway();
  if (gateway.kind === 'sandbox') return { kind: 'sandbox' };
  const publishableKey = env().STRIPE_PUBLISHABLE_KEY;
  if (!publishableKey) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not: the card form cannot load');
  return { kind: 'stripe', publishableKey };
}

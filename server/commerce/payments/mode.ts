import 'server-only';
import { paymentSettings } from '../../platform/env';
import type { PaymentSettings } from '../../platform/env';

// How this server takes payments, decided once from the environment it was started with. The
// sandbox gateway sells everything for Stripe's public test card, so it only runs where someone
// chose it: the local demo (`npm run app` on the embedded database sets KZ_DEMO_MODE), an operator
// who set ALLOW_SANDBOX_PAYMENTS=true on purpose, or `next dev` and the tests. A production server
// with neither Stripe keys nor that choice takes no payments at all rather than free ones.

export type CheckoutMode =
  /** Stripe; the card form needs the publishable key too (legacy API clients bring their own). */
  | { kind: 'stripe'; publishableKey: string | null }
  | { kind: 'sandbox' }
  | { kind: 'unavailable' };

export const PAYMENTS_NOT_CONFIGURED =
  'paymentsAreNotConfiguredOnThisServerSoOrdersCannotBePaid';

export function decideCheckoutMode(
  settings: Pick<PaymentSettings, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'ALLOW_SANDBOX_PAYMENTS' | 'KZ_DEMO_MODE'>,
): CheckoutMode {
  if (settings.STRIPE_SECRET_KEY) return { kind: 'stripe', publishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null };
  if (settings.KZ_DEMO_MODE === 'true' || settings.ALLOW_SANDBOX_PAYMENTS === 'true' || settings.NODE_ENV !== 'production') {
    return { kind: 'sandbox' };
  }
  return { kind: 'unavailable' };
}

let cached: CheckoutMode | undefined;

export function checkoutMode(): CheckoutMode {
  cached ??= decideCheckoutMode(paymentSettings());
  return cached;
}

import 'server-only';
import type { PaymentMethod } from '@/lib/payment-methods';
import { paymentSettings } from '../../platform/env';
import type { PaymentSettings } from '../../platform/env';
import { BKASH_LIVE_BASE_URL, BKASH_SANDBOX_BASE_URL, isLoopback } from './bkash/client';
import { BkashProvider } from './bkash/provider';
import { checkoutMode } from './mode';
import type { RedirectMethod, RedirectProvider } from './redirect-provider';
import { SslcommerzProvider } from './sslcommerz/provider';

// The ways this server takes money, decided once from its settings: each method is offered only
// when configured. Adding a provider is a row here, its module, and its settings in server/platform/env.ts.


export const SSLCOMMERZ_LIVE_URL = 'https://securepay.sslcommerz.com';
export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';

type RedirectRow = {
  method: RedirectMethod;
  /** Whether its settings are there. */
  configured: (settings: PaymentSettings) => boolean;
  make: (settings: PaymentSettings, apiUrl: string) => RedirectProvider;
  /** The API address in use (a loopback one is a local simulator, which the demo banner says). */
  apiUrl: (settings: PaymentSettings) => string;
};

const REDIRECT_ROWS: RedirectRow[] = [
  {
    method: 'bkash',
    apiUrl: (s) => s.BKASH_API_URL ?? (s.BKASH_MODE === 'live' ? BKASH_LIVE_BASE_URL : BKASH_SANDBOX_BASE_URL),
    configured: (s) => Boolean(s.BKASH_APP_KEY && s.BKASH_APP_SECRET && s.BKASH_USERNAME && s.BKASH_PASSWORD),
    make: (s, baseUrl) =>
      new BkashProvider({ baseUrl, appKey: s.BKASH_APP_KEY ?? '', appSecret: s.BKASH_APP_SECRET ?? '', username: s.BKASH_USERNAME ?? '', password: s.BKASH_PASSWORD ?? '' }),
  },
  {
    method: 'sslcommerz',
    apiUrl: (s) => s.SSLCOMMERZ_API_URL ?? (s.SSLCOMMERZ_MODE === 'live' ? SSLCOMMERZ_LIVE_URL : SSLCOMMERZ_SANDBOX_URL),
    configured: (s) => Boolean(s.SSLCOMMERZ_STORE_ID && s.SSLCOMMERZ_STORE_PASSWORD),
    make: (s, baseUrl) => new SslcommerzProvider({ baseUrl, storeId: s.SSLCOMMERZ_STORE_ID ?? '', storePassword: s.SSLCOMMERZ_STORE_PASSWORD ?? '' }),
  },
];

let providers: Map<RedirectMethod, RedirectProvider> | undefined;

function configuredProviders(): Map<RedirectMethod, RedirectProvider> {
  if (!providers) {
    const settings = paymentSettings();
    providers = new Map();
    for (const row of REDIRECT_ROWS) if (row.configured(settings)) providers.set(row.method, row.make(settings, row.apiUrl(settings)));
  }
  return providers;
}

export function redirectProvider(method: RedirectMethod): RedirectProvider | null {
  return configuredProviders().get(method) ?? null;
}

/** The methods the payment page offers, taka ones first (the school's own market), the card last. */
export function offeredMethods(): PaymentMethod[] {
  const methods: PaymentMethod[] = REDIRECT_ROWS.filter((row) => configuredProviders().has(row.method)).map((row) => row.method);
  if (checkoutMode().kind !== 'unavailable') methods.push('card');
  return methods;
}

let simulated: RedirectMethod[] | undefined;

/** The configured redirect methods that talk to a local simulator (the demo banner, on every page, says so). */
export function simulatedMethods(): RedirectMethod[] {
  if (!simulated) {
    const settings = paymentSettings();
    simulated = REDIRECT_ROWS.filter((row) => row.configured(settings) && isLoopback(new URL(row.apiUrl(settings)).hostname)).map((row) => row.method);
  }
  return simulated;
}

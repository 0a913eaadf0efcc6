import 'server-only';
import type { Currency } from '@/lib/money';
import { paymentSettings } from '../env';
import type { PaymentSettings } from '../env';
import { BKASH_LIVE_BASE_URL, BKASH_SANDBOX_BASE_URL } from './bkash/client';
import { BkashProvider } from './bkash/provider';
import { checkoutMode } from './mode';
import type { RedirectMethod, RedirectProvider } from './redirect-provider';
import { SslcommerzProvider } from './sslcommerz/provider';

// The ways this server takes money, decided once from its settings: each method is offered only
// when configured. Adding a provider is a row here, its module, and its settings in server/env.ts.

export type PaymentMethod = 'card' | RedirectMethod;

export const SSLCOMMERZ_LIVE_URL = 'https://securepay.sslcommerz.com';
export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';

type RedirectRow = {
  method: RedirectMethod;
  /** The provider, or null when its settings are missing. */
  make: (settings: PaymentSettings, apiUrl: string) => RedirectProvider | null;
  /** The API address in use (a loopback one is a local simulator, which the demo banner says). */
  apiUrl: (settings: PaymentSettings) => string;
};

const REDIRECT_ROWS: RedirectRow[] = [
  {
    method: 'bkash',
    apiUrl: (s) => s.BKASH_API_URL ?? (s.BKASH_MODE === 'live' ? BKASH_LIVE_BASE_URL : BKASH_SANDBOX_BASE_URL),
    make: (s, baseUrl) =>
      s.BKASH_APP_KEY && s.BKASH_APP_SECRET && s.BKASH_USERNAME && s.BKASH_PASSWORD
        ? new BkashProvider({
            baseUrl,
            appKey: s.BKASH_APP_KEY,
            appSecret: s.BKASH_APP_SECRET,
            username: s.BKASH_USERNAME,
            password: s.BKASH_PASSWORD,
          })
        : null,
  },
  {
    method: 'sslcommerz',
    apiUrl: (s) => s.SSLCOMMERZ_API_URL ?? (s.SSLCOMMERZ_MODE === 'live' ? SSLCOMMERZ_LIVE_URL : SSLCOMMERZ_SANDBOX_URL),
    make: (s, baseUrl) =>
      s.SSLCOMMERZ_STORE_ID && s.SSLCOMMERZ_STORE_PASSWORD
        ? new SslcommerzProvider({
            baseUrl,
            storeId: s.SSLCOMMERZ_STORE_ID,
            storePassword: s.SSLCOMMERZ_STORE_PASSWORD,
          })
        : null,
  },
];

/** The currency each method charges in: the card in dollars (Stripe), the local rails in taka. */
export const METHOD_CURRENCY: Record<PaymentMethod, Currency> = { card: 'usd', bkash: 'bdt', sslcommerz: 'bdt' };

let providers: Map<RedirectMethod, RedirectProvider> | undefined;

function configuredProviders(): Map<RedirectMethod, RedirectProvider> {
  if (!providers) {
    const settings = paymentSettings();
    providers = new Map();
    for (const row of REDIRECT_ROWS) {
      const provider = row.make(settings, row.apiUrl(settings));
      if (provider) providers.set(row.method, provider);
    }
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

function isLoopbackAddress(address: string): boolean {
  const { hostname } = new URL(address);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** The configured redirect methods that talk to a local simulator (the demo banner names them). */
export function simulatedMethods(settings: PaymentSettings = paymentSettings()): RedirectMethod[] {
  return REDIRECT_ROWS.filter((row) => row.make(settings, row.apiUrl(settings)) !== null && isLoopbackAddress(row.apiUrl(settings))).map((row) => row.method);
}

import { defineConfig, devices } from '@playwright/test';
import { simulatorAppSettings } from './scripts/payment-simulators/app-settings';

// Journeys run against the production build (scripts/test-e2e.sh builds it into .next-e2e and
// starts a fresh, seeded FerretDB) in Debian's Chromium — Playwright never downloads a browser.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3200);
export const MONGODB_URI = process.env.E2E_MONGODB_URI ?? 'mongodb://127.0.0.1:27019/kz_e2e';
// "localhost", not 127.0.0.1: Next normalizes loopback hosts to localhost in request URLs, and
// Auth.js builds the OAuth redirect URI from them, so the browser must use the same origin.
export const BASE_URL = `http://localhost:${PORT}`;
/** Where e2e/legacy-api-old-clients.spec.ts serves a page standing in for the old client, on another origin. */
export const OLD_CLIENT_PORT = Number(process.env.E2E_OLD_CLIENT_PORT ?? 3300);
export const OLD_CLIENT_ORIGIN = `http://127.0.0.1:${OLD_CLIENT_PORT}`;
/** The local bKash and SSLCommerz (scripts/payment-simulators/serve.ts); journeys drive their hosted pages. */
export const BKASH_SIMULATOR_PORT = Number(process.env.E2E_BKASH_PORT ?? 3510);
export const SSLCOMMERZ_SIMULATOR_PORT = Number(process.env.E2E_SSLCOMMERZ_PORT ?? 3520);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // No retries, in CI either: a test that passes only on a second try is fixed, not retried.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The site's service worker would answer requests the journeys intercept with page.route, out
    // of its reach; e2e/offline.spec.ts lets it run, and tests it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      command: `node --import tsx scripts/payment-simulators/serve.ts --bkash-port ${BKASH_SIMULATOR_PORT} --sslcommerz-port ${SSLCOMMERZ_SIMULATOR_PORT} --app-url ${BASE_URL}`,
      port: SSLCOMMERZ_SIMULATOR_PORT,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/support/oidc-provider.mjs`,
      port: OIDC_PORT,
      env: { OIDC_PORT: String(OIDC_PORT), APP_URL: BASE_URL },
      reuseExistingServer: false,
    },
    {
      command: `serving/start -H 127.0.0.1 -p ${PORT}`,
      url: `${BASE_URL}/login`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        KZ_DIST_DIR: process.env.E2E_DIST_DIR ?? '.next-e2e',
        MONGODB_URI,
        AUTH_SECRET: 'e2e-only-secret-0123456789abcdef',
        AUTH_TRUST_HOST: 'true',
        SITE_URL: BASE_URL,
        ALLOWED_ORIGINS: OLD_CLIENT_ORIGIN,
        GOOGLE_CLIENT_ID: 'kz-e2e-client',
        GOOGLE_CLIENT_SECRET: 'kz-e2e-client-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        LOGIN_MAX_FAILURES: '5',
        LOGIN_MAX_FAILURES_PER_IP: '200',
        // Every journey signs up from 127.0.0.1; server/accounts/registration.test.ts proves the limits themselves.
        REGISTER_MAX_PER_IP: '500',
        REGISTER_MAX_TOTAL: '1000',
        // The production build refuses the sandbox card gateway unless told it is a test.
        ALLOW_SANDBOX_PAYMENTS: 'true',
        // Likewise it sends no SMS without a provider: the journeys read them from the outbox.
        SMS_PROVIDER: 'outbox',
        ...simulatorAppSettings({ bkashPort: BKASH_SIMULATOR_PORT, sslcommerzPort: SSLCOMMERZ_SIMULATOR_PORT }),
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});

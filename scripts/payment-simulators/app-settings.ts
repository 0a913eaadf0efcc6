// The settings that point the app at the local payment simulators (the demo and the browser tests):
// the same variables an operator sets for the real providers, with the simulators' test credentials.
// Used by scripts/payment-simulators/serve.ts (which prints them for scripts/app.sh) and playwright.config.ts.

import { API_PATH, DEFAULT_CREDENTIALS } from './bkash/simulator';

export const SIMULATOR_STORE_ID = 'kzsimulator01';
export const SIMULATOR_STORE_PASSWORD = 'kzsimulator01@ssl';
export const SIMULATOR_TOPIC_ARN = 'arn:aws:sns:ap-southeast-1:000000000000:kz-bkash-simulator';

/** The app's environment for simulators listening on these 127.0.0.1 ports. */
export function simulatorAppSettings({ bkashPort, sslcommerzPort }: { bkashPort: number; sslcommerzPort: number }): Record<string, string> {
  const bkashOrigin = `http://127.0.0.1:${bkashPort}`;
  return {
    SSLCOMMERZ_STORE_ID: SIMULATOR_STORE_ID,
    SSLCOMMERZ_STORE_PASSWORD: SIMULATOR_STORE_PASSWORD,
    SSLCOMMERZ_API_URL: `http://127.0.0.1:${sslcommerzPort}`,
    BKASH_APP_KEY: DEFAULT_CREDENTIALS.appKey,
    BKASH_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
    BKASH_USERNAME: DEFAULT_CREDENTIALS.username,
    BKASH_PASSWORD: DEFAULT_CREDENTIALS.password,
    BKASH_API_URL: `${bkashOrigin}${API_PATH.slice(0, -1)}`,
    BKASH_SNS_TOPIC_ARN: SIMULATOR_TOPIC_ARN,
    // The simulator signs its SNS notifications with a certificate it serves itself.
    BKASH_SNS_TRUSTED_CERT_ORIGIN: bkashOrigin,
    BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: '1',
  };
}

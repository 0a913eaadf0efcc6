import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';

// What the tests of taka payments share: the shop's address as the providers see it (no Next
// server runs in jest, so what the simulators post there is recorded and fed to the doors by the
// test), and the settings that point the app's provider code at the simulators.

export type Posted = { path: string; headers: http.IncomingHttpHeaders; body: string };
export type RecordingSite = { url: string; posts: Posted[]; close: () => Promise<void> };

/** Records every POST (IPNs, webhook notifications) and answers 200. */
export async function startRecordingSite(): Promise<RecordingSite> {
  const posts: Posted[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posts.push({ path: new URL(request.url ?? '/', 'http://site.invalid').pathname, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Points the app at the simulators. server/platform/env.ts reads its settings once per process: call it before importing the modules. */
export function useSimulatedProviders(siteUrl: string, ssl: SslcommerzSimulator, bkash: BkashSimulator): void {
  Object.assign(process.env, {
    SITE_URL: siteUrl,
    SSLCOMMERZ_STORE_ID: ssl.storeId,
    SSLCOMMERZ_STORE_PASSWORD: ssl.storePassword,
    SSLCOMMERZ_API_URL: ssl.baseUrl,
    BKASH_APP_KEY: bkash.credentials.appKey,
    BKASH_APP_SECRET: bkash.credentials.appSecret,
    BKASH_USERNAME: bkash.credentials.username,
    BKASH_PASSWORD: bkash.credentials.password,
    BKASH_API_URL: bkash.baseUrl,
    BKASH_SNS_TOPIC_ARN: bkash.topicArn,
    BKASH_SNS_TRUSTED_CERT_ORIGIN: bkash.certificateOrigin,
  });
}

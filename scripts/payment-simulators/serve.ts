// Both payment simulators as one process, for the demo shop (scripts/app.sh) and the browser tests
// (playwright.config.ts):
//   npx tsx scripts/payment-simulators/serve.ts --bkash-port 3410 --sslcommerz-port 3420 --app-url http://127.0.0.1:3000
// Prints the app's settings for them (KEY=value lines, scripts/payment-simulators/app-settings.ts),
// then `ready`, and stops on SIGINT or SIGTERM, or when its parent process goes away.
import { parseArgs } from 'node:util';
import { simulatorAppSettings, SIMULATOR_STORE_ID, SIMULATOR_STORE_PASSWORD, SIMULATOR_TOPIC_ARN } from './app-settings';
import { startBkashSimulator } from './bkash/simulator';
import { startSslcommerzSimulator } from './sslcommerz';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'bkash-port': { type: 'string', default: '3410' },
      'sslcommerz-port': { type: 'string', default: '3420' },
      'app-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    },
  });
  const bkashPort = Number(values['bkash-port']);
  const sslcommerzPort = Number(values['sslcommerz-port']);
  const appUrl = new URL(values['app-url']);
  const bkash = await startBkashSimulator({
    port: bkashPort,
    topicArn: SIMULATOR_TOPIC_ARN,
    webhookUrl: new URL('/api/payments/bkash/webhook', appUrl).toString(),
  });
  const sslcommerz = await startSslcommerzSimulator({ port: sslcommerzPort, storeId: SIMULATOR_STORE_ID, storePassword: SIMULATOR_STORE_PASSWORD });
  for (const [name, value] of Object.entries(simulatorAppSettings({ bkashPort, sslcommerzPort }))) console.log(`${name}=${value}`);
  console.log('ready');
  const stop = () => {
    void Promise.all([bkash.close(), sslcommerz.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by a script that died without stopping it: stop too (servers here stop by themselves).
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 2_000).unref();
}

main().catch((error: unknown) => {
  console.error('payment simulators:', error instanceof Error ? error.message : error);
  process.exit(1);
});

// The bKash simulator as a process, for the demo and the end-to-end tests:
//   npx tsx scripts/payment-simulators/bkash.ts --port 4010 --webhook http://127.0.0.1:3000/api/bkash/webhook
// Prints one JSON line once listening ({"event":"listening", baseUrl, certificateOrigin, topicArn, ...})
// and stops on SIGINT or SIGTERM. In-process use (jest): startBkashSimulator from ./bkash/simulator.
import { parseArgs } from 'node:util';
import { startBkashSimulator } from './bkash/simulator';

const USAGE = `Usage: tsx scripts/payment-simulators/bkash.ts [options]
  --port N                 port on 127.0.0.1 (default 0: a free one, printed)
  --host HOST              address to listen on (default 127.0.0.1)
  --public-origin URL      origin browsers reach it at, when behind a proxy
  --webhook URL            where SNS notifications are POSTed
  --subscribe              send an SNS SubscriptionConfirmation to the webhook at start
  --signature-version 1|2  SNS signature version (default 1)
  --topic-arn ARN          SNS topic of the notifications
  --app-key, --app-secret, --username, --password   the merchant credentials it accepts
                           (defaults: the simulator's fixed test credentials)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string' },
      'public-origin': { type: 'string' },
      webhook: { type: 'string' },
      subscribe: { type: 'boolean', default: false },
      'signature-version': { type: 'string', default: '1' },
      'topic-arn': { type: 'string' },
      'app-key': { type: 'string' },
      'app-secret': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const signatureVersion = values['signature-version'];
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || (signatureVersion !== '1' && signatureVersion !== '2')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const credentials = Object.fromEntries(
    Object.entries({ appKey: values['app-key'], appSecret: values['app-secret'], username: values.username, password: values.password }).filter(([, value]) => value !== undefined),
  );
  const simulator = await startBkashSimulator({
    port,
    host: values.host,
    publicOrigin: values['public-origin'],
    webhookUrl: values.webhook ?? null,
    subscribeOnStart: values.subscribe,
    signatureVersion,
    topicArn: values['topic-arn'],
    credentials,
  });
  console.log(
    JSON.stringify({
      event: 'listening',
      origin: simulator.origin,
      baseUrl: simulator.baseUrl,
      certificateOrigin: simulator.certificateOrigin,
      topicArn: simulator.topicArn,
      webhookUrl: values.webhook ?? null,
    }),
  );
  const stop = () => {
    void simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('bKash simulator:', error instanceof Error ? error.message : error);
  process.exit(1);
});

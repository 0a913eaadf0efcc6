import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The simulator's Amazon SNS: it signs messages as SNS does (SignatureVersion 1: SHA1withRSA,
// 2: SHA256withRSA, over "Name\nvalue\n" of the signed fields) with a key made at start, whose
// self-signed certificate the simulator serves. It POSTs them to the webhook as SNS does
// (text/plain JSON, x-amz-sns-* headers) and retries a failed delivery a few times.

export type SigningIdentity = { privateKey: KeyObject; certificatePem: string; fingerprint: string };

/** A fresh RSA key and a self-signed certificate for it (openssl makes the certificate; nothing is installed). */
export function makeSigningIdentity(): SigningIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const directory = mkdtempSync(path.join(tmpdir(), 'bkash-simulator-'));
  try {
    const keyFile = path.join(directory, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    let certificatePem: string;
    try {
      certificatePem = execFileSync('openssl', ['req', '-new', '-x509', '-key', keyFile, '-subj', '/CN=sns.simulator.localhost', '-days', '30', '-sha256'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      throw new Error(`The bKash simulator needs openssl to make its SNS signing certificate: ${(error as Error).message}`);
    }
    const certificate = new X509Certificate(certificatePem);
    return { privateKey, certificatePem, fingerprint: createHash('sha256').update(certificate.raw).digest('hex').slice(0, 32) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export type SnsEnvelope = Record<string, string>;

/** SNS's order of the signed fields; Subject only when present. */
const SIGNED_FIELDS = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as const;

export function signEnvelope(fields: SnsEnvelope, identity: SigningIdentity, signatureVersion: '1' | '2', certificateUrl: string): SnsEnvelope {
  const type = fields.Type as keyof typeof SIGNED_FIELDS;
  const text = SIGNED_FIELDS[type]
    .filter((name) => fields[name] !== undefined)
    .map((name) => `${name}\n${fields[name]}\n`)
    .join('');
  const signature = sign(signatureVersion === '1' ? 'sha1' : 'sha256', Buffer.from(text, 'utf8'), identity.privateKey).toString('base64');
  return { ...fields, SignatureVersion: signatureVersion, Signature: signature, SigningCertURL: certificateUrl };
}

/** The fields in the order SNS writes them. */
export function envelopeJson(envelope: SnsEnvelope): string {
  const order = ['Type', 'MessageId', 'Token', 'TopicArn', 'Subject', 'Message', 'SubscribeURL', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL', 'UnsubscribeURL'];
  const known = order.filter((name) => envelope[name] !== undefined).map((name) => [name, envelope[name]]);
  const rest = Object.entries(envelope).filter(([name]) => !order.includes(name));
  return JSON.stringify(Object.fromEntries([...known, ...rest]));
}

export function newMessageId(): string {
  return randomUUID();
}

export function newSubscriptionToken(): string {
  return randomBytes(64).toString('hex');
}

export type Delivery = {
  messageId: string;
  type: 'Notification' | 'SubscriptionConfirmation';
  /** The exact body POSTed (or that would have been, without a webhook). */
  body: string;
  webhookUrl: string | null;
  status: 'no-webhook' | 'pending' | 'delivered' | 'failed';
  /** Each attempt's HTTP status, or the network error's code. */
  attempts: (number | string)[];
};

export type DeliveryOptions = { retries: number; retryDelayMs: number; subscriptionArn: string };

/** Delivers to the webhook as SNS does, stopping when `stopped` aborts (the simulator closes). */
export async function deliver(delivery: Delivery, envelope: SnsEnvelope, options: DeliveryOptions, stopped: AbortSignal): Promise<void> {
  if (!delivery.webhookUrl) {
    delivery.status = 'no-webhook';
    return;
  }
  delivery.status = 'pending';
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=UTF-8',
    'user-agent': 'Amazon Simple Notification Service Agent',
    'x-amz-sns-message-type': delivery.type,
    'x-amz-sns-message-id': delivery.messageId,
    'x-amz-sns-topic-arn': envelope.TopicArn ?? '',
  };
  if (delivery.type === 'Notification') headers['x-amz-sns-subscription-arn'] = options.subscriptionArn;
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    if (attempt > 0) await pause(options.retryDelayMs * 2 ** (attempt - 1), stopped);
    if (stopped.aborted) break;
    try {
      const response = await fetch(delivery.webhookUrl, {
        method: 'POST',
        headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(15_000), stopped]),
      });
      await response.body?.cancel();
      delivery.attempts.push(response.status);
      if (response.status >= 200 && response.status < 300) {
        delivery.status = 'delivered';
        return;
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      delivery.attempts.push(cause?.code ?? (error as Error).name);
    }
  }
  delivery.status = 'failed';
}

function pause(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    }
    stopped.addEventListener('abort', done);
  });
}

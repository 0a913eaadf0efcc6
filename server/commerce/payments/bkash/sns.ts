import 'server-only';
import { verify, X509Certificate } from 'node:crypto';
import { z } from 'zod';

// bKash's webhook is an Amazon SNS subscription: every message is signed with the key of a
// certificate SNS serves at SigningCertURL. A message is believed only when its signature checks
// against a certificate fetched over https from sns.<region>.amazonaws.com (or from an origin
// named explicitly for tests and demos, see trustedCertificateOriginsFromSettings), it belongs to
// our topic, and it is fresh. Anyone can POST to the webhook, so nothing in the body is trusted
// before that, least of all the certificate's address.

export type SnsNotification = {
  Type: 'Notification';
  MessageId: string;
  TopicArn: string;
  Subject: string | null;
  /** The publisher's text; for bKash a JSON object (parseBkashNotice). */
  Message: string;
  Timestamp: string;
  UnsubscribeURL: string | null;
};

export type SnsSubscriptionMessage = {
  Type: 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  Token: string;
  /** GET it to confirm the subscription (confirmSnsSubscription). */
  SubscribeURL: string;
};

export type SnsMessage = SnsNotification | SnsSubscriptionMessage;

export type SnsRejection =
  | 'malformed'
  | 'type-mismatch'
  | 'wrong-topic'
  | 'stale'
  | 'unsupported-signature-version'
  | 'untrusted-certificate-url'
  | 'certificate-unavailable'
  | 'bad-signature';

export type SnsVerification = { ok: true; message: SnsMessage } | { ok: false; reason: SnsRejection; detail: string };

export type SnsVerifyOptions = {
  /** The topic bKash publishes to for us; any other is refused. */
  topicArn: string;
  /** Origins (e.g. "http://127.0.0.1:4010") whose certificates are trusted besides SNS's own; empty in production. */
  trustedCertificateOrigins?: readonly string[];
  /** Fetches a certificate's PEM text (tests); by default an https GET, kept per URL for the process. */
  fetchCertificate?: (url: string) => Promise<string>;
  now?: Date;
  /** How old a message may be; SNS's own retries are over within minutes. */
  maxAgeMs?: number;
  /** The `x-amz-sns-message-type` header when the caller has it: it must name the body's Type. */
  messageTypeHeader?: string | null;
};

export const SNS_MAX_AGE_MS = 60 * 60_000;
/** A timestamp this far ahead of our clock is still believed (clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** SNS's largest message is 256 KiB; the envelope adds little. */
const MAX_BODY_CHARS = 300 * 1024;

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const common = {
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(1024),
  Message: z.string().max(MAX_BODY_CHARS),
  Timestamp: z.iso.datetime({ offset: true }),
  // Checked after parsing so that an unknown version is named as such.
  SignatureVersion: z.string().max(20),
  Signature: z.string().min(1).max(4096).regex(base64),
  SigningCertURL: z.string().min(1).max(2048),
};
const envelope = z.discriminatedUnion('Type', [
  z.object({ Type: z.literal('Notification'), Subject: z.string().max(1024).nullish(), UnsubscribeURL: z.string().max(2048).nullish(), ...common }),
  z.object({ Type: z.enum(['SubscriptionConfirmation', 'UnsubscribeConfirmation']), Token: z.string().min(1).max(2048), SubscribeURL: z.string().min(1).max(2048), ...common }),
]);
type Envelope = z.infer<typeof envelope>;

/** The text SNS signs: the named fields in this order, each as "Name\nvalue\n" (Subject only when present). */
function stringToSign(message: Envelope): string {
  const names =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', ...(message.Subject != null ? ['Subject'] : []), 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const fields = message as Record<string, unknown>;
  return names.map((name) => `${name}\n${String(fields[name])}\n`).join('');
}

/** sns.<region>.amazonaws.com exactly: not a longer name ending in it, nor one merely containing it. */
const SNS_HOST = /^sns\.[a-z]{2}(?:-gov)?-[a-z]+-\d{1,2}\.amazonaws\.com$/;

function origins(list: readonly string[]): Set<string> {
  return new Set(list.filter((origin) => URL.canParse(origin)).map((origin) => new URL(origin).origin).filter((origin) => origin !== 'null'));
}

function fromTrustedHost(url: URL, trusted: Set<string>): boolean {
  if (url.username || url.password) return false;
  if (trusted.has(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && SNS_HOST.test(url.hostname);
}

/** Whether a SigningCertURL may be fetched: a .pem file on SNS's https host, or on an origin trusted explicitly. */
export function certificateUrlAllowed(address: string, trustedCertificateOrigins: readonly string[] = []): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  return !url.search && !url.hash && url.pathname.endsWith('.pem') && fromTrustedHost(url, origins(trustedCertificateOrigins));
}

async function fetchPem(url: string): Promise<string> {
  // No redirects: a redirect could lead off the host that was checked.
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const pem = await response.text();
  if (pem.length > 20_000) throw new Error('too large for a certificate');
  return pem;
}

const MAX_KEPT_CERTIFICATES = 20;
const keptCertificates = new Map<string, Promise<X509Certificate>>();

async function certificateAt(url: string, fetchCertificate: ((url: string) => Promise<string>) | undefined): Promise<X509Certificate> {
  if (fetchCertificate) return new X509Certificate(await fetchCertificate(url));
  let kept = keptCertificates.get(url);
  if (!kept) {
    if (keptCertificates.size >= MAX_KEPT_CERTIFICATES) keptCertificates.delete(keptCertificates.keys().next().value as string);
    kept = fetchPem(url).then((pem) => new X509Certificate(pem));
    // A failed fetch is not kept: the next message tries again.
    kept.catch(() => keptCertificates.delete(url));
    keptCertificates.set(url, kept);
  }
  return kept;
}

function reject(reason: SnsRejection, detail: string): SnsVerification {
  return { ok: false, reason, detail };
}

/** Checks one SNS delivery (the raw body, or the parsed JSON) and answers the message when it is genuine, ours and fresh. */
export async function verifySnsMessage(body: unknown, options: SnsVerifyOptions): Promise<SnsVerification> {
  let json = body;
  if (typeof body === 'string') {
    if (body.length > MAX_BODY_CHARS) return reject('malformed', 'body too large');
    try {
      json = JSON.parse(body);
    } catch {
      return reject('malformed', 'not JSON');
    }
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return reject('malformed', `not an SNS message (${[...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ')})`);
  const message = parsed.data;

  if (options.messageTypeHeader != null && options.messageTypeHeader !== message.Type) return reject('type-mismatch', 'x-amz-sns-message-type does not name the message type');
  if (message.TopicArn !== options.topicArn) return reject('wrong-topic', 'not our topic');
  const now = (options.now ?? new Date()).getTime();
  const age = now - Date.parse(message.Timestamp);
  if (age > (options.maxAgeMs ?? SNS_MAX_AGE_MS) || age < -CLOCK_SKEW_MS) return reject('stale', 'timestamp too old or in the future');
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : message.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm) return reject('unsupported-signature-version', 'SignatureVersion must be 1 or 2');
  if (!certificateUrlAllowed(message.SigningCertURL, options.trustedCertificateOrigins)) return reject('untrusted-certificate-url', 'certificate not from SNS');

  let certificate: X509Certificate;
  try {
    certificate = await certificateAt(message.SigningCertURL, options.fetchCertificate);
  } catch {
    return reject('certificate-unavailable', 'the signing certificate could not be fetched or read');
  }
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo) || certificate.publicKey.asymmetricKeyType !== 'rsa') {
    return reject('certificate-unavailable', 'the signing certificate is not valid now');
  }
  const signature = Buffer.from(message.Signature, 'base64');
  if (!verify(algorithm, Buffer.from(stringToSign(message), 'utf8'), certificate.publicKey, signature)) return reject('bad-signature', 'signature does not match');

  // Only signed fields leave here.
  if (message.Type === 'Notification') {
    const { Type, MessageId, TopicArn, Subject, Message, Timestamp, UnsubscribeURL } = message;
    return { ok: true, message: { Type, MessageId, TopicArn, Subject: Subject ?? null, Message, Timestamp, UnsubscribeURL: UnsubscribeURL ?? null } };
  }
  const { Type, MessageId, TopicArn, Message, Timestamp, Token, SubscribeURL } = message;
  return { ok: true, message: { Type, MessageId, TopicArn, Message, Timestamp, Token, SubscribeURL } };
}

/**
 * Confirms a verified SubscriptionConfirmation by GETting its SubscribeURL, which must be on SNS's
 * host (or a trusted origin) like the certificates. Answers whether SNS took it.
 */
export async function confirmSnsSubscription(
  message: SnsSubscriptionMessage,
  options: { trustedCertificateOrigins?: readonly string[]; timeoutMs?: number } = {},
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (message.Type !== 'SubscriptionConfirmation') return { ok: false, reason: 'not a subscription confirmation' };
  if (!URL.canParse(message.SubscribeURL) || !fromTrustedHost(new URL(message.SubscribeURL), origins(options.trustedCertificateOrigins ?? []))) {
    return { ok: false, reason: 'SubscribeURL not on SNS' };
  }
  try {
    const response = await fetch(message.SubscribeURL, { redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    await response.body?.cancel();
    return response.ok ? { ok: true } : { ok: false, reason: `SNS answered HTTP ${response.status}` };
  } catch {
    return { ok: false, reason: 'SNS could not be reached' };
  }
}

/**
 * The extra certificate origins from the settings (BKASH_SNS_TRUSTED_CERT_ORIGIN, comma-separated
 * origins such as "http://127.0.0.1:4010", where the local simulator serves its certificate).
 * Production trusts SNS's host only: with NODE_ENV=production an origin is refused unless
 * BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION=1 says it is meant (the e2e run and the demo,
 * which run a production build against the simulator). Throws with what to set.
 */
export function trustedCertificateOriginsFromSettings(settings: {
  BKASH_SNS_TRUSTED_CERT_ORIGIN?: string;
  BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION?: string;
  NODE_ENV?: string;
}): string[] {
  const listed = (settings.BKASH_SNS_TRUSTED_CERT_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (listed.length === 0) return [];
  if (settings.NODE_ENV === 'production' && settings.BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION !== '1') {
    throw new Error(
      'BKASH_SNS_TRUSTED_CERT_ORIGIN trusts webhook signatures from outside Amazon SNS and is for tests and demos; ' +
        'unset it, or set BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION=1 to use it with NODE_ENV=production',
    );
  }
  return listed.map((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
      throw new Error(`BKASH_SNS_TRUSTED_CERT_ORIGIN: "${origin}" is not an origin like http://127.0.0.1:4010`);
    }
    return url.origin;
  });
}

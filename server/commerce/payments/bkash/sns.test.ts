import { generateKeyPairSync, sign } from 'node:crypto';
import { payOnHostedPage, startWebhookRecorder } from '@/scripts/payment-simulators/bkash/drive-hosted-page';
import { startBkashSimulator, type BkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import { BkashClient } from './client';
import { parseBkashNotice } from './notice';
import { certificateUrlAllowed, confirmSnsSubscription, trustedCertificateOriginsFromSettings, verifySnsMessage, type SnsSubscriptionMessage, type SnsVerifyOptions } from './sns';

// bKash's webhook (Amazon SNS messages) as the simulator sends it over real HTTP, verified with the
// certificate the simulator serves; then forgeries of every part a sender could change.
let simulator: BkashSimulator;
let webhook: Awaited<ReturnType<typeof startWebhookRecorder>>;
let bkash: BkashClient;
let invoices = 0;

beforeAll(async () => {
  webhook = await startWebhookRecorder();
  simulator = await startBkashSimulator({ webhookUrl: webhook.url, deliveryRetries: 0 });
  bkash = new BkashClient({ baseUrl: simulator.baseUrl, ...simulator.credentials, timeoutMs: 5_000 });
}, 30_000);

afterAll(async () => {
  await simulator.close();
  await webhook.close();
});

beforeEach(() => {
  webhook.received.length = 0;
  simulator.setSignatureVersion('1');
});

function options(extra: Partial<SnsVerifyOptions> = {}): SnsVerifyOptions {
  return { topicArn: simulator.topicArn, trustedCertificateOrigins: [simulator.certificateOrigin], ...extra };
}

/** A payment made and executed at the simulator; answers the notification it POSTed to the webhook. */
async function paymentNotification(amountPaisa = 85000) {
  invoices += 1;
  const invoiceNumber = `order-sns-${invoices}`;
  const created = await bkash.createPayment({ amountPaisa, invoiceNumber, payerReference: '01770618575', callbackUrl: 'http://127.0.0.1:3999/cb' });
  if (!created.ok) throw new Error(created.message);
  await payOnHostedPage(created.payment.bkashUrl);
  const executed = await bkash.executePayment(created.payment.paymentId);
  if (!executed.ok) throw new Error(executed.message);
  await simulator.deliveriesSettled();
  const delivery = webhook.received.at(-1);
  if (!delivery) throw new Error('no notification');
  return { delivery, payment: executed.payment, invoiceNumber };
}

function edited(body: string, change: (message: Record<string, string>) => void): string {
  const message = JSON.parse(body) as Record<string, string>;
  change(message);
  return JSON.stringify(message);
}

describe('bKash webhook notifications (Amazon SNS)', () => {
  it('a genuine notification of a completed payment verifies and reads as a payment notice', async () => {
    const { delivery, payment, invoiceNumber } = await paymentNotification();
    expect(delivery.headers['x-amz-sns-message-type']).toBe('Notification');
    expect(delivery.headers['content-type']).toContain('text/plain');
    const verified = await verifySnsMessage(delivery.body, options({ messageTypeHeader: delivery.headers['x-amz-sns-message-type'] as string }));
    expect(verified).toMatchObject({ ok: true, message: { Type: 'Notification', TopicArn: simulator.topicArn } });
    if (!verified.ok) return;
    expect(parseBkashNotice(verified.message.Message)).toEqual({
      ok: true,
      notice: {
        kind: 'payment',
        trxId: payment.trxId,
        originalTrxId: null,
        paymentId: payment.paymentId,
        amountPaisa: 85000,
        currency: 'BDT',
        status: 'Completed',
        invoiceNumber,
        dateTime: expect.stringMatching(/^\d{14}$/),
        debitMsisdn: '01770618575',
        creditShortCode: expect.any(String),
      },
    });
  });

  it('a refund is notified too, naming the transaction it pays back', async () => {
    const { payment } = await paymentNotification(85050);
    const refund = await bkash.refundPayment({ paymentId: payment.paymentId, trxId: payment.trxId ?? '', amountPaisa: 85050, sku: 'course', reason: 'requested' });
    expect(refund.ok).toBe(true);
    await simulator.deliveriesSettled();
    const verified = await verifySnsMessage(webhook.received.at(-1)?.body, options());
    if (!verified.ok || verified.message.Type !== 'Notification') throw new Error('not verified');
    expect(parseBkashNotice(verified.message.Message)).toMatchObject({ ok: true, notice: { kind: 'refund', originalTrxId: payment.trxId, amountPaisa: 85050, paymentId: payment.paymentId } });
  });

  it('verifies SignatureVersion 2 (SHA256withRSA) and messages with a Subject', async () => {
    simulator.setSignatureVersion('2');
    const delivery = await simulator.publish({ trxID: 'ABCDEFGHIJ', amount: '10', currency: 'BDT', transactionStatus: 'Completed', dateTime: '20250101120000' }, 'bKash payment');
    const verified = await verifySnsMessage(delivery.body, options());
    expect(verified).toMatchObject({ ok: true, message: { Subject: 'bKash payment' } });
    // The same message claiming version 1 does not verify: the versions are not interchangeable.
    expect(await verifySnsMessage(edited(delivery.body, (message) => (message.SignatureVersion = '1')), options())).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses forgeries: altered Message, altered amount, an added Subject, another message’s signature or id', async () => {
    const { delivery } = await paymentNotification();
    const { delivery: other } = await paymentNotification();
    const forgeries = [
      edited(delivery.body, (message) => (message.Message = message.Message?.replace(/"merchantInvoiceNumber":"[^"]*"/, '"merchantInvoiceNumber":"order-of-the-attacker"') ?? '')),
      edited(delivery.body, (message) => (message.Message = message.Message?.replace('"amount":"850.00"', '"amount":"8.50"') ?? '')),
      edited(delivery.body, (message) => (message.Message = message.Message?.replace('"transactionStatus":"Completed"', '"transactionStatus":"Completed" ') ?? '')),
      edited(delivery.body, (message) => (message.Subject = 'added')),
      edited(delivery.body, (message) => (message.Signature = JSON.parse(other.body).Signature)),
      edited(delivery.body, (message) => (message.MessageId = 'replayed-under-another-id')),
    ];
    expect(forgeries.every((forgery) => forgery !== delivery.body)).toBe(true);
    for (const forgery of forgeries) expect(await verifySnsMessage(forgery, options())).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await verifySnsMessage(delivery.body, options())).toMatchObject({ ok: true });
  });

  it('refuses another topic: configured otherwise, or rewritten in the message', async () => {
    const { delivery } = await paymentNotification();
    expect(await verifySnsMessage(delivery.body, options({ topicArn: 'arn:aws:sns:ap-southeast-1:000000000000:another' }))).toMatchObject({ ok: false, reason: 'wrong-topic' });
    const moved = edited(delivery.body, (message) => (message.TopicArn = 'arn:aws:sns:ap-southeast-1:000000000000:another'));
    expect(await verifySnsMessage(moved, options({ topicArn: 'arn:aws:sns:ap-southeast-1:000000000000:another' }))).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('never fetches a certificate from anywhere but SNS’s https host or an origin trusted explicitly', async () => {
    const { delivery } = await paymentNotification();
    const fetchCertificate = jest.fn(async () => simulator.certificateUrl);
    // Production: no extra origin, so the simulator's http certificate is refused before any fetch.
    expect(await verifySnsMessage(delivery.body, { topicArn: simulator.topicArn, fetchCertificate })).toMatchObject({ ok: false, reason: 'untrusted-certificate-url' });
    for (const url of [
      'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem',
      'https://evilsns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com@evil.example/SimpleNotificationService-1.pem',
      'https://evil.example/sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com./SimpleNotificationService-1.pem',
      'https://sns.evil.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem?redirect=https://evil.example',
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.txt',
      'http://127.0.0.2:1/SimpleNotificationService-1.pem',
      'file:///etc/ssl/cert.pem',
      'not a url',
    ]) {
      expect(certificateUrlAllowed(url, [simulator.certificateOrigin])).toBe(false);
      const moved = edited(delivery.body, (message) => (message.SigningCertURL = url));
      expect(await verifySnsMessage(moved, options({ fetchCertificate }))).toMatchObject({ ok: false, reason: 'untrusted-certificate-url' });
    }
    expect(fetchCertificate).not.toHaveBeenCalled();
    expect(certificateUrlAllowed('https://sns.ap-southeast-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem')).toBe(true);
    expect(certificateUrlAllowed('https://sns.us-gov-west-1.amazonaws.com/SimpleNotificationService-1.pem')).toBe(true);
  });

  it('on SNS’s host, the signature decides: the right certificate verifies, another one does not', async () => {
    const { delivery } = await paymentNotification();
    const onSns = edited(delivery.body, (message) => (message.SigningCertURL = 'https://sns.ap-southeast-1.amazonaws.com/SimpleNotificationService-1.pem'));
    const simulatorCertificate = await (await fetch(simulator.certificateUrl)).text();
    expect(await verifySnsMessage(onSns, { topicArn: simulator.topicArn, fetchCertificate: async () => simulatorCertificate })).toMatchObject({ ok: true });
    const stranger = await startBkashSimulator();
    try {
      const otherCertificate = await (await fetch(stranger.certificateUrl)).text();
      expect(await verifySnsMessage(onSns, { topicArn: simulator.topicArn, fetchCertificate: async () => otherCertificate })).toMatchObject({ ok: false, reason: 'bad-signature' });
      expect(await verifySnsMessage(onSns, { topicArn: simulator.topicArn, fetchCertificate: async () => 'not a certificate' })).toMatchObject({ ok: false, reason: 'certificate-unavailable' });
    } finally {
      await stranger.close();
    }
    const missing = edited(delivery.body, (message) => (message.SigningCertURL = `${simulator.certificateOrigin}/__sns/SimpleNotificationService-missing.pem`));
    expect(await verifySnsMessage(missing, options())).toMatchObject({ ok: false, reason: 'certificate-unavailable' });
  });

  it('refuses a missing or unknown signature, a stale or future timestamp, a wrong type header and bodies that are not SNS messages', async () => {
    const { delivery } = await paymentNotification();
    const sent = Date.parse(JSON.parse(delivery.body).Timestamp);
    expect(await verifySnsMessage(edited(delivery.body, (message) => delete message.Signature), options())).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifySnsMessage(edited(delivery.body, (message) => (message.Signature = '')), options())).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifySnsMessage(edited(delivery.body, (message) => (message.SignatureVersion = '3')), options())).toMatchObject({ ok: false, reason: 'unsupported-signature-version' });
    expect(await verifySnsMessage(edited(delivery.body, (message) => delete message.SignatureVersion), options())).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifySnsMessage(delivery.body, options({ now: new Date(sent + 61 * 60_000) }))).toMatchObject({ ok: false, reason: 'stale' });
    expect(await verifySnsMessage(delivery.body, options({ now: new Date(sent - 10 * 60_000) }))).toMatchObject({ ok: false, reason: 'stale' });
    expect(await verifySnsMessage(delivery.body, options({ now: new Date(sent + 59 * 60_000) }))).toMatchObject({ ok: true });
    expect(await verifySnsMessage(delivery.body, options({ messageTypeHeader: 'SubscriptionConfirmation' }))).toMatchObject({ ok: false, reason: 'type-mismatch' });
    for (const body of ['', 'not json', '[]', 'null', '{"Type":"Notification"}', JSON.stringify({ ...JSON.parse(delivery.body), Type: 'Other' }), 'x'.repeat(400_000), 42]) {
      expect(await verifySnsMessage(body, options())).toMatchObject({ ok: false, reason: 'malformed' });
    }
    // Parsed already (a framework read the JSON): the same checks.
    expect(await verifySnsMessage(JSON.parse(delivery.body), options())).toMatchObject({ ok: true });
  });

  it('a message signed by a key of the sender’s own, with its certificate on a trusted-looking path, does not verify', async () => {
    const { delivery } = await paymentNotification();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const message = JSON.parse(delivery.body) as Record<string, string>;
    message.Message = (message.Message ?? '').replace('"amount":"850.00"', '"amount":"1.00"');
    const text = ['Message', 'MessageId', 'Timestamp', 'TopicArn', 'Type'].map((name) => `${name}\n${message[name]}\n`).join('');
    message.Signature = sign('sha1', Buffer.from(text), privateKey).toString('base64');
    expect(await verifySnsMessage(JSON.stringify(message), options())).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('a subscription confirmation verifies and is confirmed at its SubscribeURL, which must be on SNS too', async () => {
    await simulator.sendSubscriptionConfirmation();
    await simulator.deliveriesSettled();
    const delivery = webhook.received.at(-1);
    expect(delivery?.headers['x-amz-sns-message-type']).toBe('SubscriptionConfirmation');
    const verified = await verifySnsMessage(delivery?.body, options({ messageTypeHeader: 'SubscriptionConfirmation' }));
    if (!verified.ok || verified.message.Type === 'Notification') throw new Error('not verified');
    const confirmation: SnsSubscriptionMessage = verified.message;
    expect(await confirmSnsSubscription({ ...confirmation, SubscribeURL: 'https://sns.us-east-1.amazonaws.com.evil.example/?Action=ConfirmSubscription' }, { trustedCertificateOrigins: [simulator.certificateOrigin] })).toEqual({
      ok: false,
      reason: 'SubscribeURL not on SNS',
    });
    expect(await confirmSnsSubscription(confirmation)).toEqual({ ok: false, reason: 'SubscribeURL not on SNS' });
    expect(simulator.subscriptions().at(-1)?.confirmedAt).toBeNull();
    expect(await confirmSnsSubscription(confirmation, { trustedCertificateOrigins: [simulator.certificateOrigin] })).toEqual({ ok: true });
    expect(simulator.subscriptions().at(-1)?.confirmedAt).toEqual(expect.any(String));
    // A changed SubscribeURL or Token breaks the signature.
    const forged = edited(delivery?.body ?? '', (message) => (message.SubscribeURL = `${simulator.certificateOrigin}/__sns/?Action=ConfirmSubscription&Token=other`));
    expect(await verifySnsMessage(forged, options())).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});

describe('the trusted certificate origin setting', () => {
  it('is empty unless set, and refused in production unless allowed on purpose', () => {
    expect(trustedCertificateOriginsFromSettings({ NODE_ENV: 'production' })).toEqual([]);
    expect(trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: 'http://127.0.0.1:4010/', NODE_ENV: 'test' })).toEqual(['http://127.0.0.1:4010']);
    expect(trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: ' http://127.0.0.1:4010 , https://sim.example ', NODE_ENV: 'development' })).toEqual([
      'http://127.0.0.1:4010',
      'https://sim.example',
    ]);
    expect(() => trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: 'http://127.0.0.1:4010', NODE_ENV: 'production' })).toThrow('BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION=1');
    expect(() => trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: 'http://127.0.0.1:4010', NODE_ENV: 'production', BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: 'yes' })).toThrow();
    expect(
      trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: 'http://127.0.0.1:4010', NODE_ENV: 'production', BKASH_SNS_ALLOW_TRUSTED_CERT_ORIGIN_IN_PRODUCTION: '1' }),
    ).toEqual(['http://127.0.0.1:4010']);
    for (const origin of ['127.0.0.1:4010', 'http://127.0.0.1:4010/certs', 'ftp://127.0.0.1', 'http://user:pass@127.0.0.1:4010', 'http://127.0.0.1:4010/?x=1']) {
      expect(() => trustedCertificateOriginsFromSettings({ BKASH_SNS_TRUSTED_CERT_ORIGIN: origin, NODE_ENV: 'test' })).toThrow('is not an origin');
    }
  });
});

describe('bKash notices', () => {
  it('refuses notices it cannot read exactly', () => {
    const good = { trxID: 'ABCDEFGHIJ', amount: '850.5', currency: 'BDT', transactionStatus: 'Completed', dateTime: '20250101120000' };
    expect(parseBkashNotice(JSON.stringify(good))).toMatchObject({ ok: true, notice: { kind: 'payment', amountPaisa: 85050, paymentId: null, invoiceNumber: null } });
    expect(parseBkashNotice(JSON.stringify({ ...good, transactionType: 'Refund' }))).toMatchObject({ ok: true, notice: { kind: 'refund' } });
    for (const bad of [{ ...good, amount: '850.001' }, { ...good, amount: '-1' }, { ...good, currency: 'USD' }, { ...good, transactionStatus: 'Teleported' }, { ...good, trxID: '' }]) {
      expect(parseBkashNotice(JSON.stringify(bad))).toMatchObject({ ok: false });
    }
    expect(parseBkashNotice('not json')).toEqual({ ok: false, reason: 'not JSON' });
  });
});

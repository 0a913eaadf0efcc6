import 'server-only';

// What every SMS provider takes and answers (server/platform/sms/providers.ts picks one).

export type SmsMessage = { to: string /* E.164, e.g. +8801712345678 */; text: string };

export type SmsProvider = {
  name: 'outbox' | 'sslwireless';
  /**
   * Sends `message` once; `clientMessageId` is the same on every attempt at one message, so a
   * gateway that remembers it can refuse a second copy. Throws SmsSendError when not sent.
   */
  send(message: SmsMessage, clientMessageId: string): Promise<{ providerId?: string }>;
};

/** A send that failed: `permanent` when trying again cannot help (a refused number, bad credentials). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

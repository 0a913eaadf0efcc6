import 'server-only';
import { z } from 'zod';
import { SmsSendError } from './types';
import type { SmsMessage, SmsProvider } from './types';

// SSL Wireless, a Bangladeshi bulk-SMS gateway (its API v3): one POST per message. Every attempt
// at one message carries the same csms_id, which the gateway refuses to take twice; so a retry
// after an answer that never came cannot send a second copy, and its "duplicate csms_id" refusal
// means the first copy went out.

export const SSL_WIRELESS_DEFAULT_URL = 'https://smsplus.sslwireless.com';

/** A stuck gateway must not hold a sender for long; the message is retried later instead. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The gateway's codes that say "not now" rather than "never": too many requests, too many per second. */
const RETRYABLE_CODES = new Set([4029, 4030, 4031, 4039]);
/** The code of a csms_id it has taken before. */
const DUPLICATE_CSMS_ID = 4023;

const answerSchema = z.object({
  status: z.string().optional(),
  status_code: z.coerce.number().optional(),
  error_message: z.string().optional(),
  smsinfo: z
    .array(z.object({ sms_status: z.string().optional(), reference_id: z.union([z.string(), z.number()]).optional() }))
    .optional(),
});

type Answer = z.infer<typeof answerSchema>;

export type SslWirelessSettings = { baseUrl: string; apiToken: string; sid: string; timeoutMs?: number };

/** The gateway wants the number without its plus: 8801712345678. */
function msisdnOf(to: string): string {
  return to.replace(/^\+/, '');
}

function isDuplicate(answer: Answer): boolean {
  return answer.status_code === DUPLICATE_CSMS_ID || /duplicate\s*csms/i.test(answer.error_message ?? '');
}

function refusal(answer: Answer, httpStatus: number): string {
  return `SSL Wireless refused the message (HTTP ${httpStatus}, status ${answer.status ?? '?'}, code ${answer.status_code ?? '?'}${
    answer.error_message ? `: ${answer.error_message}` : ''
  })`;
}

async function readAnswer(response: Response): Promise<Answer | null> {
  try {
    const parsed = answerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class SslWirelessProvider implements SmsProvider {
  readonly name = 'sslwireless';

  constructor(private readonly settings: SslWirelessSettings) {}

  async send(message: SmsMessage, clientMessageId: string): Promise<{ providerId?: string }> {
    const { baseUrl, apiToken, sid, timeoutMs = DEFAULT_TIMEOUT_MS } = this.settings;
    let response: Response;
    let answer: Answer | null;
    try {
      response = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/v3/send-sms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ api_token: apiToken, sid, msisdn: msisdnOf(message.to), sms: message.text, csms_id: clientMessageId }),
        // Bounds the answer's body too, which is read under the same signal.
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await readAnswer(response);
    } catch (error) {
      throw new SmsSendError(`SSL Wireless could not be reached: ${error instanceof Error ? error.message : String(error)}`, false, { cause: error });
    }
    // The gateway may have taken the message before failing: the retry's csms_id keeps it single.
    if (response.status >= 500 || response.status === 429) {
      throw new SmsSendError(`SSL Wireless answered HTTP ${response.status}`, false);
    }
    if (!answer) {
      // An unreadable success may still have sent it (a retry is safe); an unreadable refusal is final.
      throw new SmsSendError(`SSL Wireless answered HTTP ${response.status} with an unreadable body`, !response.ok);
    }
    if (answer.status === 'SUCCESS' && answer.status_code === 200) {
      const info = answer.smsinfo?.[0];
      if (info?.sms_status && info.sms_status !== 'SUCCESS') throw new SmsSendError(refusal(answer, response.status), true);
      return { providerId: info?.reference_id === undefined ? undefined : String(info.reference_id) };
    }
    if (isDuplicate(answer)) return {};
    const code = answer.status_code ?? 0;
    throw new SmsSendError(refusal(answer, response.status), !(RETRYABLE_CODES.has(code) || code >= 5000));
  }
}

// SMS delivery: a queue in the database sent by the configured provider (a gateway, or the local outbox) under a site-wide daily cap.
import 'server-only';
import { smsProvider } from './providers';

export type { SmsMessage } from './types';
export { queueSms, sendDueSms, smsDeliveriesSettled } from './queue';
export { smsCounts } from './counts';

/** Whether this deployment can send SMS (a provider is configured, or the outbox is chosen). */
export function smsAvailable(): boolean {
  return smsProvider() !== null;
}

import 'server-only';
import { env } from '../env';
import type { Env } from '../env';
import { outboxProvider } from './outbox';
import { SSL_WIRELESS_DEFAULT_URL, SslWirelessProvider } from './ssl-wireless';
import type { SmsProvider } from './types';

// Which provider sends this server's SMS, decided once from the settings it was started with.
// Without SMS_PROVIDER the outbox serves everywhere but on a production server, which sends none
// rather than writing sign-in codes into its log.

export function chooseSmsProvider(
  settings: Pick<Env, 'NODE_ENV' | 'SMS_PROVIDER' | 'SSL_WIRELESS_API_TOKEN' | 'SSL_WIRELESS_SID' | 'SSL_WIRELESS_API_URL'>,
): SmsProvider | null {
  const chosen = settings.SMS_PROVIDER ?? (settings.NODE_ENV === 'production' ? null : 'outbox');
  if (chosen === 'outbox') return outboxProvider;
  if (chosen === 'sslwireless') {
    // env() refuses sslwireless without both; checked again so this stays right when called alone.
    if (!settings.SSL_WIRELESS_API_TOKEN || !settings.SSL_WIRELESS_SID) throw new Error('SMS_PROVIDER=sslwireless needs SSL_WIRELESS_API_TOKEN and SSL_WIRELESS_SID');
    return new SslWirelessProvider({
      baseUrl: settings.SSL_WIRELESS_API_URL ?? SSL_WIRELESS_DEFAULT_URL,
      apiToken: settings.SSL_WIRELESS_API_TOKEN,
      sid: settings.SSL_WIRELESS_SID,
    });
  }
  return null;
}

let chosen: { provider: SmsProvider | null } | undefined;

/** This server's provider, or null when it sends no SMS. */
export function smsProvider(): SmsProvider | null {
  chosen ??= { provider: chooseSmsProvider(env()) };
  return chosen.provider;
}

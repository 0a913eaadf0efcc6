import 'server-only';
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { phoneCodeAskSchema } from '@/lib/schemas/phone-code';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { readJson } from '../platform/http';
import { deviceIdOf, rememberDevice } from './device-id';
import { clientIp } from './login-attempts';
import type { CodeRequester, SentCode } from './phone-codes';

// The API doors that send a code by SMS (sign-in, password reset, a new number in My Profile) share
// how they read the ask and answer it, so every one names who asks the same way and is held by the
// same per-number, per-address and per-device limits.

type CodeAsk = { input: { phone: string }; requester: CodeRequester; answer: (sent: SentCode) => NextResponse };

/**
 * Reads `{phone, locale}` and names who asks: the client's address, the device's cookie, the
 * page's language (which the SMS is written in). `answer` answers what was sent, keeping the device.
 */
export async function readCodeAsk(request: NextRequest): Promise<CodeAsk> {
  const { phone, locale } = phoneCodeAskSchema.parse(await readJson(request, 1024));
  const device = deviceIdOf(request);
  return {
    input: { phone },
    requester: { clientIp: clientIp(request.headers), deviceId: device.id, locale: locale ?? DEFAULT_LOCALE },
    answer: (sent) => rememberDevice(NextResponse.json(sent, { headers: { 'Cache-Control': 'no-store' } }), device),
  };
}

import 'server-only';
import { NextResponse } from 'next/server';
import { phoneCodeAskSchema } from '@/lib/schemas/phone-code';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { readJson, route } from '../platform/http';
import { deviceIdOf, rememberDevice } from './device-id';
import { clientIp } from './login-attempts';
import type { CodeRequester, SentCode } from './phone-codes';

/**
 * An API door that sends a code by SMS: it reads `{phone, locale}`, names who asks (the client's
 * address, the device's cookie, the page's language, which the SMS is written in) and answers
 * what `send` sent. Every such door shares the per-number, per-address and per-device limits.
 */
export function codeRequestDoor(send: (input: { phone: string }, requester: CodeRequester) => Promise<SentCode>) {
  return route(async (request) => {
    const { phone, locale } = phoneCodeAskSchema.parse(await readJson(request, 1024));
    const device = deviceIdOf(request);
    const sent = await send({ phone }, { clientIp: clientIp(request.headers), deviceId: device.id, locale: locale ?? DEFAULT_LOCALE });
    return rememberDevice(NextResponse.json(sent, { headers: { 'Cache-Control': 'no-store' } }), device);
  });
}

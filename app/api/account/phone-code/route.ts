// POST /api/account/phone-code — send a sign-in code by SMS to a mobile number (public; the same answer whether or not the number has an account; 429 past a limit, 404 where SMS is not offered)
import { NextResponse } from 'next/server';
import { phoneCodeAskSchema } from '@/lib/schemas/phone-code';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { deviceIdOf, rememberDevice } from '@/server/accounts/device-id';
import { clientIp } from '@/server/accounts/login-attempts';
import { requestPhoneCode } from '@/server/accounts/phone-codes';
import { readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const { phone, locale } = phoneCodeAskSchema.parse(await readJson(request, 1024));
  const device = deviceIdOf(request);
  const sent = await requestPhoneCode('sign-in', { phone }, { clientIp: clientIp(request.headers), deviceId: device.id, locale: locale ?? DEFAULT_LOCALE });
  return rememberDevice(NextResponse.json(sent, { headers: { 'Cache-Control': 'no-store' } }), device);
});

// POST /api/contact — store a contact-form message and e-mail it to the support address (public)
import { NextResponse } from 'next/server';
import { contactSchema } from '@/lib/schemas/contact';
import { contactBlockedForSeconds, recordContactSubmission, submitContactMessage } from '@/server/platform/contact';
import { HttpError, readJson, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';
import { clientIp } from '@/server/accounts/login-attempts';

export const POST = route(async (request) => {
  const ip = clientIp(request.headers);
  const waitSeconds = await contactBlockedForSeconds(ip);
  if (waitSeconds > 0) {
    throw new HttpError(429, 'youHaveSentSeveralMessagesInAShortTimePleaseTryAgain', {
      'Retry-After': String(waitSeconds),
    });
  }
  await recordContactSubmission(ip);
  const input = contactSchema.parse(await readJson(request, 16 * 1024));
  const { id } = await submitContactMessage(input);
  return NextResponse.json(
    { ok: true, id, ...messageBody('thankYouYourMessageHasBeenSentWeWillGetBackTo') },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
});

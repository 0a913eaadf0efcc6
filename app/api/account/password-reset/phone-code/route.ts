// POST /api/account/password-reset/phone-code — send a password reset code by SMS to an account's mobile number (public; the same answer whether or not the number has an account; 429 past a limit, 404 where SMS is not offered)
import { readCodeAsk } from '@/server/accounts/code-ask';
import { requestPasswordResetCode } from '@/server/accounts/password-reset';
import { route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const { input, requester, answer } = await readCodeAsk(request);
  return answer(await requestPasswordResetCode(input, requester));
});

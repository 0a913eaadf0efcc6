// POST /api/account/phone-code — send a sign-in code by SMS to a mobile number (public; the same answer whether or not the number has an account; 429 past a limit, 404 where SMS is not offered)
import { readCodeAsk } from '@/server/accounts/code-ask';
import { requestPhoneCode } from '@/server/accounts/phone-codes';
import { route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const { input, requester, answer } = await readCodeAsk(request);
  return answer(await requestPhoneCode('sign-in', input, requester));
});

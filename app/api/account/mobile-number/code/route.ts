// POST /api/account/mobile-number/code — send a code by SMS to the number the signed-in account wants to sign in with (the sign-in code's limits)
import { readCodeAsk } from '@/server/accounts/code-ask';
import { requireUser } from '@/server/accounts/guards';
import { requestNumberChangeCode } from '@/server/accounts/sign-in-details';
import { route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { input, requester, answer } = await readCodeAsk(request);
  return answer(await requestNumberChangeCode(user, input, requester));
});

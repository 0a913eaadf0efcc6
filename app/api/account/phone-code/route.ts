// POST /api/account/phone-code — send a sign-in code by SMS to a mobile number (public; the same answer whether or not the number has an account; 429 past a limit, 404 where SMS is not offered)
import { codeRequestDoor } from '@/server/accounts/code-request-door';
import { requestPhoneCode } from '@/server/accounts/phone-codes';

export const POST = codeRequestDoor((input, requester) => requestPhoneCode('sign-in', input, requester));

// POST /api/account/password-reset/phone-code — send a password reset code by SMS to an account's mobile number (public; the same answer whether or not the number has an account; 429 past a limit, 404 where SMS is not offered)
import { codeRequestDoor } from '@/server/accounts/code-request-door';
import { requestPasswordResetCode } from '@/server/accounts/password-reset';

export const POST = codeRequestDoor(requestPasswordResetCode);

import 'server-only';
import type { z } from 'zod';
import type { registerSchema } from '@/lib/schemas/auth';
import { startEmailVerification } from './email-verification';
import { burnPasswordCheck } from './passwords';
import { createPasswordUser, findUserDocumentByEmail } from './users';

export type RegistrationOutcome = { created: true } | { created: false };

/**
 * Creates the account. For an e-mail that already has one, nothing changes and the caller gives
 * the same neutral answer; the time spent is comparable because both paths run argon2.
 */
export async function registerAccount(input: z.output<typeof registerSchema>): Promise<RegistrationOutcome> {
  if (await findUserDocumentByEmail(input.email)) {
    await burnPasswordCheck(input.password);
    return { created: false };
  }
  const user = await createPasswordUser(input);
  if (!user) return { created: false };
  startEmailVerification(user);
  return { created: true };
}

// Accounts made with an e-mail, as most tests make them: their e-mail is there.
import type { User } from '@/server/accounts/users';

export function withEmail<Account extends Pick<User, 'email'>>(account: Account | null): Account & { email: string } {
  if (!account?.email) throw new Error('expected an account with an e-mail');
  return account as Account & { email: string };
}

// Seeds the verified password accounts of the multi-instance checks (scripts/multi-instance/run.sh,
// after scripts/seed.ts). Through the app's own account code, so the hash is exactly what sign-in
// checks. Idempotent: an account whose e-mail is taken is left as it is.
import { closeDb, getDb } from '@/server/platform/db';
import { createPasswordUser } from '@/server/accounts/users';
import { MULTI_ACCOUNTS, MULTI_PASSWORD } from './accounts';

async function main(): Promise<number> {
  try {
    const db = await getDb();
    if (!db.databaseName.includes('multi')) {
      console.error(`Refusing to add the multi-instance accounts to "${db.databaseName}": the database's name must contain "multi".`);
      return 1;
    }
    let created = 0;
    for (const [index, email] of MULTI_ACCOUNTS.entries()) {
      const user = await createPasswordUser({ name: `Multi Instance ${index + 1}`, email, password: MULTI_PASSWORD, verified: true });
      if (user) created += 1;
    }
    console.log(`  multi-instance accounts ${MULTI_ACCOUNTS.length}, ${created} new`);
    return 0;
  } catch (error) {
    console.error(`Seeding the multi-instance accounts failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

// Exit explicitly: the argon2 worker pool must not keep a finished script alive.
main().then((code) => process.exit(code));

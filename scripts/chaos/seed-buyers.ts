// Seeds the verified password accounts scenario 2 buys with (scripts/chaos/run.sh, after
// scripts/seed.ts). Through the app's own account code, so the hash is exactly what sign-in checks.
// Idempotent: an account whose e-mail is taken is left as it is.
import { closeDb, getDb } from '@/server/platform/db';
import { createPasswordUser } from '@/server/accounts/users';
import { CHAOS_BUYER_COUNT, CHAOS_BUYER_PASSWORD, chaosBuyerEmail } from './accounts';

async function main(): Promise<number> {
  try {
    const db = await getDb();
    if (!db.databaseName.includes('chaos')) {
      console.error(`Refusing to add chaos buyers to "${db.databaseName}": the database's name must contain "chaos".`);
      return 1;
    }
    let created = 0;
    for (let index = 0; index < CHAOS_BUYER_COUNT; index += 1) {
      const user = await createPasswordUser({
        name: `Chaos Buyer ${index}`,
        email: chaosBuyerEmail(index),
        password: CHAOS_BUYER_PASSWORD,
        verified: true,
      });
      if (user) created += 1;
    }
    console.log(`  chaos buyers ${CHAOS_BUYER_COUNT} accounts, ${created} new`);
    return 0;
  } catch (error) {
    console.error(`Seeding the chaos buyers failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

// Exit explicitly: the argon2 worker pool must not keep a finished script alive.
main().then((code) => process.exit(code));

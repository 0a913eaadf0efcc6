import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import { MONGODB_URI } from '../../playwright.config';

// What the fuzz specs compare before and after sending invalid input: how many documents each
// collection holds, and the demo accounts' own fields (role, profile, password, session version).
// The rate-limit counters are left out: refused requests may rightly count against a limit; so
// are the background jobs' leases, which each instance takes on its own clock (the first 30 to 70
// seconds after it starts, server/platform/background-work.ts), whatever requests arrive meanwhile, and the
// lesson videos' streaming ladders and jobs, which the instances transcode in the background
// (the seed's demo clips, soon after they start: server/learning/lesson-video/jobs.ts).

const NOT_COMPARED = new Set(['rateLimits', 'leases', 'streamFiles', 'videoJobs']);

export async function openDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const client = await MongoClient.connect(MONGODB_URI);
  return { db: client.db(), close: () => client.close() };
}

/** Document counts of every non-empty collection. */
export async function storedCounts(db: Db): Promise<Record<string, number>> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name).filter((name) => !NOT_COMPARED.has(name));
  const counts = await Promise.all(names.map(async (name) => [name, await db.collection(name).countDocuments({})] as const));
  return Object.fromEntries(counts.filter(([, count]) => count > 0).sort(([a], [b]) => a.localeCompare(b)));
}

/** The fields of these accounts that no invalid request may change. */
export async function accountStates(db: Db, emails: readonly string[]): Promise<unknown[]> {
  const projection = { _id: 0, email: 1, name: 1, role: 1, image: 1, education: 1, location: 1, phone: 1, passwordHash: 1, sessionVersion: 1, emailVerifiedAt: 1 };
  return db.collection('users').find({ email: { $in: [...emails] } }, { projection }).sort({ email: 1 }).toArray();
}

export type StoredState = { counts: Record<string, number>; accounts: unknown[] };

/** Counts and account fields together, for one before/after comparison. */
export async function storedState(db: Db, emails: readonly string[]): Promise<StoredState> {
  return { counts: await storedCounts(db), accounts: await accountStates(db, emails) };
}

/** What differs, readably (collection counts, and which account fields changed, never their values). */
export function changesBetween(before: StoredState, after: StoredState): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before.counts), ...Object.keys(after.counts)])) {
    if (before.counts[name] !== after.counts[name]) changes.push(`${name}: ${before.counts[name] ?? 0} → ${after.counts[name] ?? 0} documents`);
  }
  const byEmail = (accounts: unknown[]) => new Map(accounts.map((account) => [(account as { email: string }).email, account as Record<string, unknown>]));
  const [previous, next] = [byEmail(before.accounts), byEmail(after.accounts)];
  for (const [email, account] of previous) {
    const now = next.get(email);
    if (!now) changes.push(`account ${email} is gone`);
    else {
      const fields = [...new Set([...Object.keys(account), ...Object.keys(now)])].filter((field) => JSON.stringify(account[field]) !== JSON.stringify(now[field]));
      if (fields.length > 0) changes.push(`account ${email} changed: ${fields.join(', ')}`);
    }
  }
  return changes;
}

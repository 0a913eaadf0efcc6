import { MongoClient } from 'mongodb';
import { MONGODB_URI } from '../../playwright.config';

/** Work on the test server's database directly, for what a journey cannot do through the site. */
export async function withDatabase<T>(work: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(MONGODB_URI);
  try {
    return await work(client.db());
  } finally {
    await client.close();
  }
}

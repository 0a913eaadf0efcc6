import { MongoClient, ObjectId } from 'mongodb';
import { DatabaseUnavailableError, closeDb, collection, databaseFeatures, databaseLooksHealthy, getDb, groupSums, inTransactionWhereSupported, parseObjectId, withDb } from './db';

afterEach(closeDb);

describe('the database client', () => {
  it('creates the declared indexes at start', async () => {
    await getDb();
    const indexes = await (await collection('users')).indexes();
    expect(indexes.find((index) => index.name === 'email_unique')).toMatchObject({ unique: true, key: { email: 1 } });
    expect(indexes.find((index) => index.name === 'mobile_number_unique')).toMatchObject({ unique: true, key: { mobileNumber: 1 } });
  });

  it('makes a declared index again when its options changed, and keeps each e-mail and number to one account', async () => {
    const before = await collection('users');
    await before.dropIndex('email_unique');
    // As the index was before accounts without an e-mail.
    await before.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
    await closeDb();
    const users = await collection('users');
    const indexes = await users.indexes();
    expect(indexes.find((index) => index.name === 'email_unique')).toMatchObject({ unique: true, key: { email: 1 } });
    const account = (extra: object) => ({ _id: new ObjectId(), name: 'Probe', role: 'user' as const, sessionVersion: 0, createdAt: new Date(), ...extra });
    const phoneOnly = await users.insertMany([account({ mobileNumber: '+8801700000101' }), account({ mobileNumber: '+8801700000102' })]);
    const emailOnly = await users.insertMany([account({ email: 'probe-101@example.com' }), account({ email: 'probe-102@example.com' })]);
    await expect(users.insertOne(account({ mobileNumber: '+8801700000101' }))).rejects.toMatchObject({ code: 11000 });
    await expect(users.insertOne(account({ email: 'probe-101@example.com' }))).rejects.toMatchObject({ code: 11000 });
    await users.deleteMany({ _id: { $in: [...Object.values(phoneOnly.insertedIds), ...Object.values(emailOnly.insertedIds)] } });
  });

  it('parses only 24-hex ids', () => {
    expect(parseObjectId('65f0a1b2c3d4e5f6a7b8c9d0')?.toHexString()).toBe('65f0a1b2c3d4e5f6a7b8c9d0');
    expect(parseObjectId('65f0a1b2c3d4e5f6a7b8c9d')).toBeNull();
    expect(parseObjectId('zzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull();
    expect(parseObjectId('{"$ne":1}')).toBeNull();
  });

  it('fails fast with DatabaseUnavailableError when the server is unreachable, then recovers', async () => {
    const working = process.env.MONGODB_URI;
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:1/kz_down';
    const started = Date.now();
    try {
      await expect(getDb()).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      process.env.MONGODB_URI = working;
    }
    await expect(withDb(async () => (await collection('users')).countDocuments({}))).resolves.toEqual(expect.any(Number));
  });

  it('reports the outage to the proxy until a ping succeeds again', async () => {
    const working = process.env.MONGODB_URI;
    expect(await databaseLooksHealthy()).toBe(true);
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:1/kz_down';
    try {
      await expect(withDb(async () => (await collection('users')).countDocuments({}))).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await databaseLooksHealthy()).toBe(false);
    } finally {
      process.env.MONGODB_URI = working;
    }
    await closeDb();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await databaseLooksHealthy()).toBe(true);
  });

  it('talks to a real MongoDB-wire server (not a fake)', async () => {
    const client = new MongoClient(process.env.MONGODB_URI ?? '');
    const info = await client.db().admin().command({ buildInfo: 1 });
    await client.close();
    expect(info.version).toMatch(/^\d+\.\d+/);
  });

  it('knows the embedded FerretDB for what it is: no transactions, so writes that belong together run one by one', async () => {
    expect(await databaseFeatures()).toEqual({ ferretdb: true, transactions: false });
    const sessions: unknown[] = [];
    const answer = await inTransactionWhereSupported(async (session) => {
      sessions.push(session);
      await (await getDb()).collection('transactionProbe').insertOne({ at: new Date() });
      return 'done';
    });
    expect([answer, sessions]).toEqual(['done', [undefined]]);
    await expect(inTransactionWhereSupported(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('sums several fields per group, each right (FerretDB answers them one pipeline each)', async () => {
    const sales = (await getDb()).collection<{ item: string; cents: number; paid: boolean }>('groupSumsProbe');
    await sales.deleteMany({});
    await sales.insertMany([
      { item: 'a', cents: 100, paid: true },
      { item: 'a', cents: 250, paid: true },
      { item: 'b', cents: 40, paid: true },
      { item: 'b', cents: 999, paid: false },
    ]);
    const rows = await groupSums<{ item: string }, { item: string; cents: number; paid: boolean }>(sales, { paid: true }, { item: '$item' }, { orders: 1, cents: '$cents' });
    expect(rows.sort((x, y) => x.key.item.localeCompare(y.key.item))).toEqual([
      { key: { item: 'a' }, totals: { orders: 2, cents: 350 } },
      { key: { item: 'b' }, totals: { orders: 1, cents: 40 } },
    ]);
  });
});

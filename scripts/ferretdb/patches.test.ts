import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Binary, Long, MongoClient, ObjectId } from 'mongodb';
import { closeDb, getDb } from '@/server/platform/db';
import { startFerretDb } from '@/tests/support/ferretdb-process.mjs';

// The patches scripts/ferretdb/patch-source.sh applies to the embedded FerretDB. The pushdowns are
// checked through its own EXPLAIN: a lookup by _id uses the _id index (SQLite SEARCH, not SCAN),
// also when the filter guards the write with more fields ({_id, version}, {_id, paid: false}).
// The write serialization is checked on a server whose SQLite may not wait for a lock at all. The
// fast reads are checked end to end here, and in Go inside the patched source (patch-tests/).

afterAll(closeDb);

type FerretExplain = { queryPlanner?: { Plan?: string[] }; filterPushdown?: boolean; serverInfo?: { ferretdbVersion?: string } };

async function planOf(filter: Record<string, unknown>): Promise<FerretExplain> {
  const db = await getDb();
  const scratch = db.collection('pushdownCheck');
  await scratch.insertMany(Array.from({ length: 20 }, (_, index) => ({ _id: new ObjectId(), version: index, paid: false })));
  return (await scratch.find(filter).explain()) as FerretExplain;
}

const usesIdIndex = (explain: FerretExplain) => (explain.queryPlanner?.Plan ?? []).some((step) => /SEARCH .* USING INDEX .*__id_/.test(step));

test.each([
  ['{_id}', { _id: new ObjectId() }],
  ['{_id, version}', { _id: new ObjectId(), version: 3 }],
  ['{_id, userId, paid: false}', { _id: new ObjectId(), userId: new ObjectId(), paid: false }],
])('a filter on %s is answered through the _id index', async (_name, filter) => {
  const explain = await planOf(filter);
  expect(explain.filterPushdown).toBe(true);
  expect(usesIdIndex(explain)).toBe(true);
});

test('the rest of the filter still applies after the _id pushdown', async () => {
  const db = await getDb();
  const scratch = db.collection<{ _id: ObjectId; version: number }>('pushdownGuard');
  const _id = new ObjectId();
  await scratch.insertOne({ _id, version: 1 });
  expect(await scratch.findOne({ _id, version: 2 })).toBeNull();
  expect((await scratch.updateOne({ _id, version: 2 }, { $set: { version: 3 } })).matchedCount).toBe(0);
  expect((await scratch.deleteOne({ _id, version: 2 })).deletedCount).toBe(0);
  expect((await scratch.updateOne({ _id, version: 1 }, { $set: { version: 2 } })).modifiedCount).toBe(1);
  expect(await scratch.findOne({ _id })).toEqual({ _id, version: 2 });
});

test('{_id: {$in: [...]}} is answered through the _id index, and the rest of the filter still applies', async () => {
  const db = await getDb();
  const scratch = db.collection<{ _id: ObjectId; paid: boolean }>('pushdownIn');
  const ids = Array.from({ length: 6 }, () => new ObjectId());
  await scratch.insertMany(ids.map((_id, index) => ({ _id, paid: index % 2 === 0 })));
  const explain = (await scratch.find({ _id: { $in: ids.slice(0, 3) } }).explain()) as FerretExplain;
  expect(explain.filterPushdown).toBe(true);
  expect(usesIdIndex(explain)).toBe(true);

  const missing = new ObjectId();
  const found = await scratch.find({ _id: { $in: [ids[0]!, ids[1]!, missing] } }).toArray();
  expect(found.map((doc) => doc._id.toHexString()).sort()).toEqual([ids[0]!, ids[1]!].map((id) => id.toHexString()).sort());
  const paidOnly = await scratch.find({ _id: { $in: ids }, paid: true }).toArray();
  expect(paidOnly).toHaveLength(3);
});

test('concurrent writers never meet a locked database: each waits its turn before SQLite', async () => {
  // busy_timeout 0: a write that found SQLite's write lock taken would fail with "database is
  // locked" (347 of these 400 writes did before the patch).
  const server = await startFerretDb(['-busy-timeout-ms', '0']);
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${server.port}/`, { maxPoolSize: 50 });
  try {
    const docs = client.db('contention').collection<{ _id: ObjectId; n: number; items: ObjectId[] }>('docs');
    const ids = Array.from({ length: 20 }, () => new ObjectId());
    await docs.insertMany(ids.map((_id) => ({ _id, n: 0, items: Array.from({ length: 50 }, () => new ObjectId()) })));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 400 }, (_, index) =>
        index % 2 === 0
          ? docs.updateOne({ _id: ids[index % ids.length]! }, { $set: { n: index } })
          : docs.insertOne({ _id: new ObjectId(), n: index, items: Array.from({ length: 20 }, () => new ObjectId()) }),
      ),
    );
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failures).toEqual([]);
    expect(await docs.countDocuments()).toBe(220);
  } finally {
    await client.close();
    await server.stop();
  }
});

test('each update, findAndModify and delete is atomic per document, across clients, as on MongoDB', async () => {
  // Two clients stand for two app instances on one database.
  const uri = process.env.MONGODB_URI!;
  const [first, second] = await Promise.all([MongoClient.connect(uri, { maxPoolSize: 20 }), MongoClient.connect(uri, { maxPoolSize: 20 })]);
  try {
    const collectionOf = (client: MongoClient) => client.db().collection<{ _id: string; n: number; state?: string }>('atomicWrites');
    const clients = [collectionOf(first), collectionOf(second)];
    await clients[0]!.insertMany([{ _id: 'counter', n: 0 }, { _id: 'claim', n: 0, state: 'open' }, { _id: 'once', n: 0 }]);

    // Before the patch about a fifth of these increments were lost.
    await Promise.all(Array.from({ length: 200 }, (_, index) => clients[index % 2]!.updateOne({ _id: 'counter' }, { $inc: { n: 1 } })));
    expect((await clients[0]!.findOne({ _id: 'counter' }))?.n).toBe(200);

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, index) => clients[index % 2]!.findOneAndUpdate({ _id: 'claim', state: 'open' }, { $set: { state: 'done', n: index } })),
    );
    expect(claims.filter((claimed) => claimed !== null)).toHaveLength(1);

    const deletions = await Promise.all(Array.from({ length: 20 }, (_, index) => clients[index % 2]!.deleteOne({ _id: 'once' })));
    expect(deletions.reduce((sum, result) => sum + result.deletedCount, 0)).toBe(1);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

test('an equality on the first field of an index is answered through that index, and the rest of the filter still applies', async () => {
  const db = await getDb();
  const orders = db.collection<{ _id: ObjectId; userId: ObjectId; itemId: ObjectId; list: string; paid: boolean }>('pushdownIndexed');
  await orders.createIndex({ userId: 1, itemId: 1 }, { unique: true, name: 'user_item' });
  await orders.createIndex({ list: 1, _id: -1 }, { name: 'list' });
  const [ann, bob] = [new ObjectId(), new ObjectId()];
  await orders.insertMany(
    Array.from({ length: 30 }, (_, index) => ({ _id: new ObjectId(), userId: index % 3 === 0 ? ann : bob, itemId: new ObjectId(), list: index % 2 === 0 ? 'classOne' : 'classTwo', paid: index % 4 === 0 })),
  );

  for (const filter of [{ userId: ann }, { userId: ann, paid: true }, { list: 'classOne' }]) {
    const explain = (await orders.find(filter).explain()) as FerretExplain;
    expect(explain.filterPushdown).toBe(true);
    expect((explain.queryPlanner?.Plan ?? []).some((step) => /SEARCH .* USING INDEX/.test(step))).toBe(true);
  }
  expect(await orders.countDocuments({ userId: ann })).toBe(10);
  expect(await orders.countDocuments({ userId: ann, paid: true })).toBe(3);
  expect(await orders.countDocuments({ list: 'classOne', userId: bob })).toBe(10);
  // Not the first key of an index, or not a plain value: read as before, with the same answers.
  expect(((await orders.find({ itemId: new ObjectId() }).explain()) as FerretExplain).filterPushdown).toBe(false);
  expect(await orders.countDocuments({ userId: { $in: [ann] } })).toBe(10);
});

test('documents come back exactly as written, whatever their strings and binary data hold', async () => {
  // FerretDB reads a stored document's fields and binary data without encoding/json (the eighth
  // patch): strings with quotes, backslashes and brackets must still end where they end.
  const db = await getDb();
  const scratch = db.collection<{ _id: string } & Record<string, unknown>>('readBack');
  const bytes = (length: number) => Buffer.from(Array.from({ length }, (_, index) => (index * 151 + 7) % 256));
  const tricky = ['', 'plain', 'a "quoted" word', 'ends in a backslash \\', '\\"', '\\\\"}{][,:', 'line\nbreak\ttab', 'ক্লাস নাইন ৳১,২০০', '😀 emoji', '{"looks":"like JSON"}'];
  const documents: ({ _id: string } & Record<string, unknown>)[] = [
    ...[0, 1, 2, 3, 4, 5, 1000, 850_001].map((length) => ({ _id: `binary-${length}`, stream: new ObjectId(), contentType: 'video/mp2t', data: new Binary(bytes(length)) })),
    { _id: 'subtypes', md5: new Binary(bytes(16), Binary.SUBTYPE_MD5), user: new Binary(bytes(9), Binary.SUBTYPE_USER_DEFINED), nested: { data: new Binary(bytes(40)) } },
    // Field names too, less what FerretDB cannot store in one (quotes, backslashes, control characters).
    ...tricky.map((text, index) => ({ _id: `text-${index}`, text, list: [text, { text }], [`key ${text.replace(/[.$"\\\u0000-\u001f]/g, '')}`]: text })),
    { _id: 'scalars', int: -7, long: Long.fromString('9007199254740993'), double: 0.1, big: 1e300, negative: -2.5e-8, yes: true, no: false, nothing: null, at: new Date(1764547200000), id: new ObjectId() },
    { _id: 'empty', nested: {}, list: [] },
  ];
  await scratch.insertMany(documents);
  for (const document of documents) expect(await scratch.findOne({ _id: document._id })).toEqual(document);
  expect(await scratch.find({ _id: { $in: documents.map((document) => document._id) } }).toArray()).toHaveLength(documents.length);
});

test("the fast reads pass FerretDB's own tests of its document format, and ours", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'kz-ferretdb-source-'));
  try {
    const source = path.join(work, 'source');
    execFileSync('bash', ['scripts/ferretdb/patch-source.sh', source], { stdio: 'pipe' });
    copyFileSync('scripts/ferretdb/patch-tests/sjson_fast_read_test.go', path.join(source, 'internal/handler/sjson/sjson_fast_read_test.go'));
    // FerretDB's test helpers find the source's root by its .git folder.
    mkdirSync(path.join(source, '.git'));
    const output = execFileSync('go', ['test', '-count=1', './internal/handler/sjson/'], { cwd: source, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } });
    expect(output).toMatch(/^ok\s+github\.com\/FerretDB\/FerretDB\/internal\/handler\/sjson/m);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 300_000);

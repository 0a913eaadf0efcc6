import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_background_work');
import { ObjectId } from 'mongodb';
import { releaseLease, renewLease, takeLease } from './leases';
import { closeDb, collection, sweepExpiredDocuments } from './db';

afterAll(closeDb);

test('one of many instances asking at once takes a job\'s lease, and nobody until it runs out', async () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const taken = await Promise.all(Array.from({ length: 12 }, () => takeLease('report', 60_000, now)));
  expect(taken.filter(Boolean)).toHaveLength(1);
  expect(await takeLease('report', 60_000, new Date(now.getTime() + 59_000))).toBe(false);
  expect(await takeLease('other-job', 60_000, now)).toBe(true);

  const later = new Date(now.getTime() + 60_000);
  const retaken = await Promise.all(Array.from({ length: 12 }, () => takeLease('report', 60_000, later)));
  expect(retaken.filter(Boolean)).toHaveLength(1);
});

test('the holder keeps its lease while working and gives it up when done; a lease taken over cannot be kept', async () => {
  expect(await takeLease('transcode:a', 60_000)).toBe(true);
  expect(await renewLease('transcode:a', 60_000)).toBe(true);
  expect(await takeLease('transcode:a', 60_000)).toBe(false);
  await releaseLease('transcode:a');
  expect(await takeLease('transcode:a', 60_000)).toBe(true);

  // Another instance took it over after it ran out: this one's renewal fails.
  await (await collection('leases')).updateOne({ _id: 'transcode:a' }, { $set: { holder: 'another-instance' } });
  expect(await renewLease('transcode:a', 60_000)).toBe(false);
});

test('documents past their expiry index\'s age are removed, the others kept (FerretDB has no TTL indexes)', async () => {
  const now = new Date();
  const day = 24 * 60 * 60 * 1000;
  const limits = await collection('rateLimits');
  await limits.insertMany([
    { _id: 'sweep:old', failures: 3, windowStartedAt: new Date(now.getTime() - 2 * day) },
    { _id: 'sweep:current', failures: 1, windowStartedAt: new Date(now.getTime() - 60_000) },
  ]);
  const claims = await collection('fulfilmentClaims');
  const old = Array.from({ length: 120 }, (_, n) => ({ _id: `sweep:${new ObjectId().toHexString()}:${n}`, claimedAt: new Date(now.getTime() - 31 * day) }));
  await claims.insertMany(old.slice(0, 60));
  await claims.insertMany(old.slice(60));
  await claims.insertOne({ _id: 'sweep:recent', claimedAt: new Date(now.getTime() - day) });

  expect(await sweepExpiredDocuments(now)).toBe(121);
  expect(await limits.findOne({ _id: 'sweep:old' })).toBeNull();
  expect(await limits.findOne({ _id: 'sweep:current' })).not.toBeNull();
  expect(await claims.countDocuments({})).toBe(1);
});

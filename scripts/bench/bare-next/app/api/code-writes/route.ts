import { MongoClient } from 'mongodb';

// The database writes the app makes for one code request, and nothing else: the phone code bench
// measures this beside the app's endpoint: the floor that Next and the writes phone sign-in's limits
// need set on this machine (scripts/bench/phone-codes.ts). Before the answer, as the app: the
// client address's and the device's caps counted together, the number's send recorded, the day's
// SMS counted and the message queued; after it, the message marked sent. On collections of their
// own, without the app's secondary indexes, so this floor is if anything lower than the app's.

const client = process.env.MONGODB_URI ? new MongoClient(process.env.MONGODB_URI, { maxPoolSize: 20 }) : null;
const HOUR_MS = 3_600_000;

type Keyed = { _id: string } & Record<string, unknown>;

export async function POST(request: Request): Promise<Response> {
  if (!client) return Response.json({ message: 'MONGODB_URI is not set' }, { status: 503 });
  const { phone } = (await request.json()) as { phone?: unknown };
  if (typeof phone !== 'string') return Response.json({ message: 'phone expected' }, { status: 400 });
  const db = client.db();
  const now = new Date();
  const caps = db.collection<{ _id: string; failures: number; windowStartedAt: Date }>('floorRateLimits');
  const count = (key: string) =>
    caps.updateOne({ _id: key, windowStartedAt: { $gt: new Date(now.getTime() - HOUR_MS) }, failures: { $lt: 20 } }, { $inc: { failures: 1 }, $setOnInsert: { windowStartedAt: now } }, { upsert: true });
  await Promise.all([count(`client:${request.headers.get('x-forwarded-for') ?? ''}`), count(`device:${crypto.randomUUID()}`)]);
  await db.collection<Keyed>('floorPhoneCodes').insertOne({ _id: phone, sentAt: [now], codes: { 'sign-in': { hashes: [{ hash: crypto.randomUUID(), expiresAt: now }], tries: 0 } }, version: 1, updatedAt: now });
  await db.collection<{ _id: string; queued: number }>('floorSmsDays').updateOne({ _id: now.toISOString().slice(0, 10), queued: { $lt: 1_000_000_000 } }, { $inc: { queued: 1 } }, { upsert: true });
  const messages = db.collection<Keyed>('floorSmsMessages');
  const key = `phone-code:sign-in:${phone}:${now.getTime()}`;
  await messages.insertOne({ _id: key, to: phone, text: 'Your Knowledge Zone code', status: 'sending', attempts: 1, createdAt: now });
  void messages.updateOne({ _id: key }, { $set: { status: 'sent', sentAt: new Date() } }).catch(() => undefined);
  return Response.json({ phone, expiresInSeconds: 300, resendAfterSeconds: 60 }, { headers: { 'Cache-Control': 'no-store' } });
}

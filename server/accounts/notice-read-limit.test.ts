import { ObjectId } from 'mongodb';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { listNotifications, markAllRead, markNoticeRead, markRead, notifyNewBook } from './notifications';
import { createPasswordUser } from './users';
import { WRITE_LIMITS } from '../platform/write-limits';

// Marking notices read is limited per account in the domain, so the bell (POST
// /api/notifications/{id}/read, read-all) and the legacy PUT /api/cci|bookN share one allowance.
selectPrivateDatabase('kz_jest_notice_read_limit');

afterAll(closeDb);

it('counts the bell and the legacy doors against one allowance, and refuses the read after it with 429', async () => {
  const reader = await createPasswordUser({ name: 'Reader', email: `reader-${Date.now()}@example.com`, password: 'secret12' });
  if (!reader) throw new Error('could not create the account');
  const other = await createPasswordUser({ name: 'Other', email: `other-${Date.now()}@example.com`, password: 'secret12' });
  if (!other) throw new Error('could not create the account');
  await notifyNewBook({ id: new ObjectId().toHexString(), bookName: 'Chemistry First Paper' });
  const [notice] = (await listNotifications(reader, 1)).notices;
  if (!notice) throw new Error('no notice');

  // Repeating a read is harmless for the data but still a write request: each one counts.
  for (let count = 1; count < WRITE_LIMITS.noticeRead.max; count += 1) await markRead(reader, notice.id);
  expect(await markNoticeRead(reader, notice.id, 'book')).toBe('already-read');

  await expect(markAllRead(reader)).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': expect.any(String) } });
  await expect(markRead(reader, notice.id)).rejects.toMatchObject({ status: 429 });
  // A malformed id is refused before it is counted; other accounts keep their own allowance.
  expect(await markRead(reader, 'not-an-id')).toBe(false);
  expect(await markRead(other, notice.id)).toBe(true);
  expect(await (await collection('notificationReads')).countDocuments({})).toBe(2);
});

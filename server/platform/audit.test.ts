import { ObjectId } from 'mongodb';
import { selectPrivateDatabase } from '@/tests/support/private-database';

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// The audit log and the account changes that write to it (All Users and the legacy user API).
selectPrivateDatabase('kz_jest_audit');

type Modules = { audit: typeof import('./audit'); userAdmin: typeof import('../accounts/user-admin'); users: typeof import('../accounts/users'); db: typeof import('./db') };
let m: Modules;

beforeAll(async () => {
  m = { audit: await import('./audit'), userAdmin: await import('../accounts/user-admin'), users: await import('../accounts/users'), db: await import('./db') };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['auditLog', 'users'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function newAccount(name: string, role: 'admin' | 'user' = 'user') {
  const user = await m.users.createPasswordUser({ name, email: `${name.toLowerCase()}-${Date.now()}@example.com`, password: 'secret12', role });
  if (!user) throw new Error('could not create the test account');
  return user;
}

describe('the audit log', () => {
  it('lists entries newest first, 50 a page, and clamps the page number', async () => {
    const actor = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' as const };
    for (let index = 1; index <= 53; index += 1) {
      await m.audit.recordAudit({ actor, action: 'update', entity: 'blog', entityId: String(index), summary: `Change ${index}` });
    }

    const first = await m.audit.listAuditLog(READER, 1);
    const last = await m.audit.listAuditLog(READER, 99);

    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 53, pageSize: 50 });
    expect(first.items.slice(0, 2).map((entry) => entry.summary)).toEqual(['Change 53', 'Change 52']);
    expect(last.page).toBe(2);
    expect(last.items.map((entry) => entry.summary)).toEqual(['Change 3', 'Change 2', 'Change 1']);
    expect(first.items[0]).toMatchObject({ actorEmail: 'admin@example.com', action: 'update', entity: 'blog', createdAt: expect.any(String) });
  });

  it('records Make Admin once (not when the account already is one) and user deletion, never self-deletion', async () => {
    const admin = await newAccount('Admin', 'admin');
    const student = await newAccount('Student');

    expect((await m.userAdmin.promoteToAdmin(admin, student.email!)).modifiedCount).toBe(1);
    expect((await m.userAdmin.promoteToAdmin(admin, student.email!)).modifiedCount).toBe(0);
    expect((await m.userAdmin.promoteToAdmin(admin, 'nobody@example.com')).matchedCount).toBe(0);
    expect(await m.userAdmin.removeUser(admin, new ObjectId(admin.id))).toBe('self');
    expect(await m.userAdmin.removeUser(admin, new ObjectId(student.id))).toMatchObject({ deletedCount: 1 });
    expect(await m.userAdmin.removeUser(admin, new ObjectId(student.id))).toMatchObject({ deletedCount: 0 });

    const entries = (await m.audit.listAuditLog(READER, 1)).items;
    expect(entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.summary])).toEqual([
      ['delete', 'user', student.id, `Deleted the account ${student.email}`],
      ['make-admin', 'user', student.id, `Made ${student.email} an admin`],
    ]);
    expect(entries.every((entry) => entry.actorEmail === admin.email)).toBe(true);
  });
});

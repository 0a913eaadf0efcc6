import { closeDb, collection } from '../platform/db';
import { verifyPassword } from './passwords';
import { createPasswordUser, findUserById, findUserDocumentByEmail, signInWithGoogle } from './users';

beforeEach(async () => {
  await (await collection('users')).deleteMany({});
});
afterAll(closeDb);

describe('password accounts', () => {
  it('stores an argon2id hash, never the password', async () => {
    const user = await createPasswordUser({ name: 'Ann', email: 'Ann@Example.com', password: 'secret12' });
    expect(user).toMatchObject({ email: 'ann@example.com', role: 'user', hasPassword: true });
    const doc = await findUserDocumentByEmail('ann@example.com');
    expect(doc?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(doc)).not.toContain('secret12');
    expect(await verifyPassword(doc?.passwordHash ?? '', 'secret12')).toBe(true);
    expect(await verifyPassword(doc?.passwordHash ?? '', 'secret13')).toBe(false);
  });

  it('refuses a second account for the same e-mail (unique index)', async () => {
    await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'secret12' });
    expect(await createPasswordUser({ name: 'Other', email: 'ANN@example.com', password: 'another1' })).toBeNull();
    expect(await (await collection('users')).countDocuments({})).toBe(1);
  });

  it('finds users by id and answers null for malformed or unknown ids', async () => {
    const user = await createPasswordUser({ name: 'Ann', email: 'ann@example.com', password: 'secret12' });
    expect((await findUserById(user?.id ?? ''))?.email).toBe('ann@example.com');
    expect(await findUserById('not-an-id')).toBeNull();
    expect(await findUserById('65f0a1b2c3d4e5f6a7b8c9d0')).toBeNull();
  });
});

describe('Google sign-in', () => {
  const profile = { subject: 'google-sub-1', email: 'gina@example.com', name: 'Gina', image: null };

  it('creates a verified account on first sign-in and finds it again', async () => {
    const first = await signInWithGoogle(profile);
    const second = await signInWithGoogle(profile);
    expect(first.ok && second.ok && first.user.id === second.user.id).toBe(true);
    expect(first.ok && first.user.emailVerified).toBe(true);
  });

  it('never links silently to an existing password account', async () => {
    await createPasswordUser({ name: 'Gina', email: 'gina@example.com', password: 'secret12' });
    expect(await signInWithGoogle(profile)).toEqual({ ok: false, reason: 'not-linked' });
    const doc = await findUserDocumentByEmail('gina@example.com');
    expect(doc?.googleSubject).toBeUndefined();
  });
});

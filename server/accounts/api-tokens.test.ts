import { ObjectId } from 'mongodb';
import { SignJWT } from 'jose';
import { bearerTokenOf, issueApiToken, userFromApiToken } from './api-tokens';
import { closeDb, collection } from '../platform/db';
import { HttpError } from '../platform/http';
import { createPasswordUser } from './users';
import type { User } from './users';

let user: User;

beforeAll(async () => {
  await (await collection('users')).deleteMany({});
  const created = await createPasswordUser({ name: 'Token Tester', email: 'token@example.com', password: 'secret12' });
  if (!created) throw new Error('user not created');
  user = created;
});
afterAll(closeDb);

async function expectForbidden(token: string) {
  await expect(userFromApiToken(token)).rejects.toMatchObject({ status: 403, message: 'Forbidden access' });
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('legacy API bearer tokens', () => {
  it('identify the account they were issued to', async () => {
    const token = await issueApiToken(user);
    expect((await userFromApiToken(token)).email).toBe('token@example.com');
  });

  it('refuse an altered payload', async () => {
    const [header, , signature] = (await issueApiToken(user)).split('.');
    await expectForbidden(`${header}.${base64url({ sub: new ObjectId().toHexString(), email: 'admin@example.com' })}.${signature}`);
  });

  it('refuse alg:none', async () => {
    await expectForbidden(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: user.id, sv: 0, iss: 'knowledge-zone', aud: 'knowledge-zone-legacy-api' })}.`);
  });

  it('refuse a token signed with another key', async () => {
    const forged = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('knowledge-zone')
      .setAudience('knowledge-zone-legacy-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-00000'));
    await expectForbidden(forged);
  });

  it('refuse an expired token', async () => {
    jest.useFakeTimers({ now: Date.now() - 2 * 60 * 60 * 1000, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    const old = await issueApiToken(user);
    jest.useRealTimers();
    await expectForbidden(old);
  });

  it('stop working when the account ends its sessions (password reset)', async () => {
    const token = await issueApiToken(user);
    await (await collection('users')).updateOne({ email: 'token@example.com' }, { $inc: { sessionVersion: 1 } });
    await expectForbidden(token);
  });

  it('read only the Bearer scheme', () => {
    expect(bearerTokenOf(null)).toBeNull();
    expect(bearerTokenOf('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(() => bearerTokenOf('Basic dXNlcjpwYXNz')).toThrow(HttpError);
  });
});

import { hkdfSync } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { encode } from 'next-auth/jwt';
import { decodeSessionToken, isHttpsRequest, sessionFromCookies } from './session-token';

// The server reads Auth.js's session cookie itself; these tokens are made by Auth.js's own encoder.
const secret = 'a-test-secret-of-enough-length-0123456789';
const salt = 'authjs.session-token';
const claims = { sub: '65a0c0ffee0000000000beef', role: 'user', sessionVersion: 2, name: 'Ada' };

function jar(entries: Record<string, string>) {
  const list = Object.entries(entries).map(([name, value]) => ({ name, value }));
  return { get: (name: string) => list.find((cookie) => cookie.name === name), getAll: () => list };
}

/** Flips one character of a base64url part (not the last one, whose low bits may be padding). */
function tamper(token: string, partIndex: number): string {
  const parts = token.split('.');
  const part = parts[partIndex] ?? '';
  parts[partIndex] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
  return parts.join('.');
}

/** A JWE under Auth.js's key with any header and plaintext: to prove the checks beyond decryption. */
function handMade(header: { enc: string; [name: string]: unknown }, payload: string): Promise<string> {
  const key = hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, header.enc === 'A256CBC-HS512' ? 64 : 32);
  return new CompactEncrypt(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: 'dir', ...header })
    .encrypt(new Uint8Array(key), { crit: { x: true } });
}

describe('decodeSessionToken', () => {
  it("reads a token Auth.js wrote, for either cookie name", async () => {
    for (const cookieName of [salt, '__Secure-authjs.session-token']) {
      const token = await encode({ token: claims, secret, salt: cookieName });
      expect(await decodeSessionToken(token, cookieName, { secret })).toMatchObject(claims);
    }
  });

  it('refuses a token made with another secret or for the other cookie name', async () => {
    const token = await encode({ token: claims, secret, salt });
    expect(await decodeSessionToken(token, salt, { secret: `${secret}-rotated` })).toBeNull();
    expect(await decodeSessionToken(token, '__Secure-authjs.session-token', { secret })).toBeNull();
  });

  it('reads tokens of the old secret after a rotation, as Auth.js does with a list of secrets', async () => {
    const newSecret = `${secret}-rotated`;
    const old = await encode({ token: claims, secret, salt });
    const fresh = await encode({ token: claims, secret: [newSecret, secret], salt });
    expect(await decodeSessionToken(old, salt, { secret: [newSecret, secret] })).toMatchObject(claims);
    expect(await decodeSessionToken(fresh, salt, { secret: [newSecret, secret] })).toMatchObject(claims);
    expect(await decodeSessionToken(fresh, salt, { secret })).toBeNull();
  });

  it('refuses any changed part: header, IV, ciphertext or tag', async () => {
    const token = await encode({ token: claims, secret, salt });
    for (const part of [0, 2, 3, 4]) expect(await decodeSessionToken(tamper(token, part), salt, { secret })).toBeNull();
    expect(await decodeSessionToken(`${token}.extra`, salt, { secret })).toBeNull();
    expect(await decodeSessionToken('not a token', salt, { secret })).toBeNull();
    expect(await decodeSessionToken('', salt, { secret })).toBeNull();
  });

  it('refuses an expired token (with Auth.js’s 15 s of clock tolerance)', async () => {
    const token = await encode({ token: claims, secret, salt, maxAge: 60 });
    const issued = Date.now();
    expect(await decodeSessionToken(token, salt, { secret, now: issued + 70_000 })).not.toBeNull();
    expect(await decodeSessionToken(token, salt, { secret, now: issued + 80_000 })).toBeNull();
  });

  it('decrypts a token once while it is in use, and still judges it by its secret, cookie name and expiry each time', async () => {
    const token = await encode({ token: claims, secret, salt, maxAge: 60 });
    const issued = Date.now();
    const decrypt = jest.spyOn(globalThis.crypto.subtle, 'decrypt');
    try {
      const first = await decodeSessionToken(token, salt, { secret, now: issued });
      const again = await decodeSessionToken(token, salt, { secret, now: issued + 1000 });
      expect(again).toEqual(first);
      expect(decrypt).toHaveBeenCalledTimes(1);
      expect(Object.isFrozen(again)).toBe(true);
    } finally {
      decrypt.mockRestore();
    }
    expect(await decodeSessionToken(token, salt, { secret: `${secret}-rotated`, now: issued })).toBeNull();
    expect(await decodeSessionToken(token, '__Secure-authjs.session-token', { secret, now: issued })).toBeNull();
    expect(await decodeSessionToken(token, salt, { secret, now: issued })).toMatchObject(claims);
    expect(await decodeSessionToken(token, salt, { secret, now: issued + 80_000 })).toBeNull();
    expect(await decodeSessionToken(token, salt, { secret, now: issued })).toMatchObject(claims);
  });

  it('takes what Auth.js decodes; refuses other algorithms, compression, critical headers and tokens without a subject or expiry', async () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    const good = JSON.stringify({ ...claims, exp: future });
    const read = async (header: { enc: string; [name: string]: unknown }, payload = good) => decodeSessionToken(await handMade(header, payload), salt, { secret });
    expect(await read({ enc: 'A256CBC-HS512' })).toMatchObject(claims);
    expect(await read({ enc: 'A256GCM' })).toMatchObject(claims);
    expect(await read({ enc: 'A128CBC-HS256' })).toBeNull();
    expect(await read({ alg: 'A256KW', enc: 'A256GCM' })).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512', zip: 'DEF' })).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512', crit: ['x'], x: 1 })).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, exp: undefined }))).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, sub: '', exp: future }))).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, exp: future, nbf: future }))).toBeNull();
    expect(await read({ enc: 'A256CBC-HS512' }, '[1,2]')).toBeNull();
  });
});

describe('sessionFromCookies', () => {
  const secureName = '__Secure-authjs.session-token';
  const plain = { secure: false };

  beforeAll(() => {
    process.env.AUTH_SECRET = secret;
  });

  it('reads the whole cookie or its chunks in order, and nothing else', async () => {
    const token = await encode({ token: claims, secret, salt });
    expect(await sessionFromCookies(jar({ [salt]: token }), plain)).toMatchObject(claims);
    const middle = Math.floor(token.length / 2);
    expect(await sessionFromCookies(jar({ [`${salt}.1`]: token.slice(middle), [`${salt}.0`]: token.slice(0, middle) }), plain)).toMatchObject(claims);
    expect(await sessionFromCookies(jar({ other: token }), plain)).toBeNull();
    expect(await sessionFromCookies(jar({}), plain)).toBeNull();
  });

  it('over plain http ignores a __Secure- cookie, even one that would decode (Auth.js signs out the plain one)', async () => {
    const planted = await encode({ token: { ...claims, sub: '65a0c0ffee0000000000dead' }, secret, salt: secureName });
    expect(await sessionFromCookies(jar({ [secureName]: planted }), plain)).toBeNull();
    // Signed out over http: Auth.js cleared authjs.session-token; the leftover secure cookie is no session.
    const own = await encode({ token: claims, secret, salt });
    expect(await sessionFromCookies(jar({ [secureName]: planted, [salt]: own }), plain)).toMatchObject({ sub: claims.sub });
  });

  it('over https reads only the __Secure- cookie', async () => {
    const secureToken = await encode({ token: claims, secret, salt: secureName });
    const plainToken = await encode({ token: { ...claims, sub: '65a0c0ffee0000000000dead' }, secret, salt });
    expect(await sessionFromCookies(jar({ [secureName]: secureToken }), { secure: true })).toMatchObject({ sub: claims.sub });
    expect(await sessionFromCookies(jar({ [salt]: plainToken }), { secure: true })).toBeNull();
  });
});

describe('isHttpsRequest', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('follows X-Forwarded-Proto (set by Next from the connection, or by the proxy in front), else the URL', () => {
    expect(isHttpsRequest(headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isHttpsRequest(headers({ 'x-forwarded-proto': 'http' }), 'https:')).toBe(false);
    expect(isHttpsRequest(headers({ 'x-forwarded-proto': 'HTTPS, http' }))).toBe(true);
    expect(isHttpsRequest(headers({}), 'https:')).toBe(true);
    expect(isHttpsRequest(headers({}), 'http:')).toBe(false);
    expect(isHttpsRequest(headers({}))).toBe(false);
  });
});

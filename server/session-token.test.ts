import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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

/** A JWE like Auth.js's, with any header and plaintext: to prove the checks beyond the MAC. */
function handMade(header: object, payload: string, key = Buffer.from(hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64))): string {
  const protectedHeader = Buffer.from(JSON.stringify(header)).toString('base64url');
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  const aad = Buffer.from(protectedHeader, 'ascii');
  const bits = Buffer.alloc(8);
  bits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const tag = createHmac('sha512', key.subarray(0, 32)).update(aad).update(iv).update(ciphertext).update(bits).digest().subarray(0, 32);
  return [protectedHeader, '', iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join('.');
}

describe('decodeSessionToken', () => {
  it("reads a token Auth.js wrote, for either cookie name", async () => {
    for (const cookieName of [salt, '__Secure-authjs.session-token']) {
      const token = await encode({ token: claims, secret, salt: cookieName });
      expect(decodeSessionToken(token, cookieName, { secret })).toMatchObject(claims);
    }
  });

  it('refuses a token made with another secret or for the other cookie name', async () => {
    const token = await encode({ token: claims, secret, salt });
    expect(decodeSessionToken(token, salt, { secret: `${secret}-rotated` })).toBeNull();
    expect(decodeSessionToken(token, '__Secure-authjs.session-token', { secret })).toBeNull();
  });

  it('refuses any changed part: header, IV, ciphertext or tag', async () => {
    const token = await encode({ token: claims, secret, salt });
    for (const part of [0, 2, 3, 4]) expect(decodeSessionToken(tamper(token, part), salt, { secret })).toBeNull();
    expect(decodeSessionToken(`${token}.extra`, salt, { secret })).toBeNull();
    expect(decodeSessionToken('not a token', salt, { secret })).toBeNull();
    expect(decodeSessionToken('', salt, { secret })).toBeNull();
  });

  it('refuses an expired token (with Auth.js’s 15 s of clock tolerance)', async () => {
    const token = await encode({ token: claims, secret, salt, maxAge: 60 });
    const issued = Date.now();
    expect(decodeSessionToken(token, salt, { secret, now: issued + 70_000 })).not.toBeNull();
    expect(decodeSessionToken(token, salt, { secret, now: issued + 80_000 })).toBeNull();
  });

  it('refuses other algorithms, compression, critical headers and tokens without a subject or expiry', () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    const good = JSON.stringify({ ...claims, exp: future });
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512' }, good), salt, { secret })).toMatchObject(claims);
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A128CBC-HS256' }, good), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'none', enc: 'A256CBC-HS512' }, good), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512', zip: 'DEF' }, good), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512', crit: ['exp'] }, good), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, exp: undefined })), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, sub: '', exp: future })), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512' }, JSON.stringify({ ...claims, exp: future, nbf: future })), salt, { secret })).toBeNull();
    expect(decodeSessionToken(handMade({ alg: 'dir', enc: 'A256CBC-HS512' }, '[1,2]'), salt, { secret })).toBeNull();
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
    expect(sessionFromCookies(jar({ [salt]: token }), plain)).toMatchObject(claims);
    const middle = Math.floor(token.length / 2);
    expect(sessionFromCookies(jar({ [`${salt}.1`]: token.slice(middle), [`${salt}.0`]: token.slice(0, middle) }), plain)).toMatchObject(claims);
    expect(sessionFromCookies(jar({ other: token }), plain)).toBeNull();
    expect(sessionFromCookies(jar({}), plain)).toBeNull();
  });

  it('over plain http ignores a __Secure- cookie, even one that would decode (Auth.js signs out the plain one)', async () => {
    const planted = await encode({ token: { ...claims, sub: '65a0c0ffee0000000000dead' }, secret, salt: secureName });
    expect(sessionFromCookies(jar({ [secureName]: planted }), plain)).toBeNull();
    // Signed out over http: Auth.js cleared authjs.session-token; the leftover secure cookie is no session.
    const own = await encode({ token: claims, secret, salt });
    expect(sessionFromCookies(jar({ [secureName]: planted, [salt]: own }), plain)).toMatchObject({ sub: claims.sub });
  });

  it('over https reads only the __Secure- cookie', async () => {
    const secureToken = await encode({ token: claims, secret, salt: secureName });
    const plainToken = await encode({ token: { ...claims, sub: '65a0c0ffee0000000000dead' }, secret, salt });
    expect(sessionFromCookies(jar({ [secureName]: secureToken }), { secure: true })).toMatchObject({ sub: claims.sub });
    expect(sessionFromCookies(jar({ [salt]: plainToken }), { secure: true })).toBeNull();
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

import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { User } from '../accounts/users';

// The image upload quota (UPLOAD_MAX_PER_USER, 30 per hour by default) through the real route
// handler against the embedded database: it is taken in one conditional database write before the
// image is decoded, so parallel uploads cannot pass it and broken files count like good ones.
selectPrivateDatabase('kz_jest_upload_quota');

// The guards read the Auth.js session, which jest never loads: the caller is `mockSignedIn`.
let mockSignedIn: User | null = null;
jest.mock('../accounts/guards', () => ({
  requireUser: async () => {
    if (!mockSignedIn) {
      const { HttpError } = jest.requireActual<typeof import('./http')>('./http');
      throw new HttpError(401, 'unauthorizedAccess');
    }
    return mockSignedIn;
  },
}));

type Handler = (request: NextRequest) => Promise<Response>;
let post: Handler;
let db: typeof import('./db');
const QUOTA = 30;

beforeAll(async () => {
  post = ((await import('@/app/api/uploads/image/route')) as unknown as { POST: Handler }).POST;
  db = await import('./db');
});
afterAll(async () => {
  await db.closeDb();
});

function signInNewUser(): User {
  const id = new ObjectId().toHexString();
  mockSignedIn = { id, name: 'Uploader', email: `uploader-${id}@example.com`, role: 'user' } as User;
  return mockSignedIn;
}

function upload(bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], 'picture.png', { type: 'image/png' }));
  return post(new NextRequest('http://127.0.0.1:3000/api/uploads/image', { method: 'POST', headers: { host: '127.0.0.1:3000' }, body: form }));
}

const validPng = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#2f6fed' } }).png().toBuffer();

async function storedFor(user: User): Promise<number> {
  return (await db.collection('media')).countDocuments({ ownerId: new ObjectId(user.id) });
}

describe('the image upload quota', () => {
  it('stores exactly the quota of 45 concurrent valid uploads; the others answer 429 with Retry-After', async () => {
    const user = signInNewUser();
    const png = await validPng();

    const answers = await Promise.all(Array.from({ length: 45 }, () => upload(png)));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(QUOTA);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45 - QUOTA);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await storedFor(user)).toBe(QUOTA);
  });

  it('counts uploads that fail to decode, so a loop of broken files stops at the quota', async () => {
    const user = signInNewUser();
    const png = await validPng();
    // Looks like a PNG (right magic bytes), cut off in the middle of its data.
    const broken = png.subarray(0, png.length - 20);

    for (let attempt = 0; attempt < QUOTA; attempt += 1) {
      expect((await upload(broken)).status).toBe(422);
    }
    const refused = await upload(png);

    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many uploads. Please try again later.', code: 'tooManyUploadsPleaseTryAgainLater' });
    expect((await upload(broken)).status).toBe(429);
    expect(await storedFor(user)).toBe(0);
  });

  it('leaves other accounts their own quota', async () => {
    signInNewUser();
    const png = await validPng();
    for (let attempt = 0; attempt < QUOTA; attempt += 1) await upload(png);
    expect((await upload(png)).status).toBe(429);

    const other = signInNewUser();
    expect((await upload(png)).status).toBe(201);
    expect(await storedFor(other)).toBe(1);
  });
});

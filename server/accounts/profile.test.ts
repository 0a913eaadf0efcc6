import { ObjectId } from 'mongodb';
import { revalidateTag } from 'next/cache';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller, clearPageCacheRecords, timesForgotten } from '@/tests/support/signed-in-caller';
import { updateProfileAction } from '@/server/actions/profile';
import { PUT as putProfileDetails } from '@/app/api/users/[email]/route';
import { closeDb, collection } from '../platform/db';
import { storeImage } from '../catalogue/media';
import { updateProfile } from './profile';
import { saveReview } from '../reviews/reviews';
import { createPasswordUser, findUserById } from './users';
import type { User } from './users';
import { TOO_MANY_WRITES, WRITE_LIMITS } from '../platform/write-limits';

selectPrivateDatabase('kz_jest_profile');
afterAll(closeDb);

jest.mock('./guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

beforeEach(() => {
  jest.mocked(revalidateTag).mockClear();
  clearPageCacheRecords();
});

let counter = 0;
async function newUser(): Promise<User> {
  counter += 1;
  const user = await createPasswordUser({ name: `Profile Tester ${counter}`, email: `profile-${counter}-${Date.now()}@example.com`, password: 'secret12' });
  if (!user) throw new Error('could not create the test user');
  return user;
}

async function upload(ownerId: string, format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f5ad6' } }).toFormat(format).toBuffer();
  return (await storeImage(ownerId, bytes)).url;
}

const details = { education: 'BSc in Physics, University of Dhaka', location: 'Dhaka, Bangladesh', phone: '+880 1700-000000' };

describe('updateProfile', () => {
  it('saves education, location, phone and the uploaded picture', async () => {
    const user = await newUser();
    const image = await upload(user.id);

    const result = await updateProfile(user.id, { ...details, image });

    expect(result).toMatchObject({ ok: true, data: { ...details, image, name: user.name, email: user.email, hasPassword: true } });
    expect(await findUserById(user.id)).toMatchObject({ ...details, image, role: 'user' });
  });

  it('answers the field messages for empty, too long or malformed values and changes nothing', async () => {
    const user = await newUser();
    const image = await upload(user.id);

    const result = await updateProfile(user.id, { education: '  ', location: 'x'.repeat(121), phone: 'call me', image });

    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        education: ['educationIsRequired'],
        location: ['locationMustBeAtMost120Characters'],
        phone: ['provideAValidPhoneNumber'],
      },
    });
    expect(await updateProfile(user.id, { ...details })).toMatchObject({ ok: false, fieldErrors: { image: ['imageIsRequired'] } });
    expect(await findUserById(user.id)).toMatchObject({ education: null, location: null, phone: null, image: null });
  });

  it('refuses unknown fields such as a role, and operator objects in place of text', async () => {
    const user = await newUser();
    const image = await upload(user.id);

    expect(await updateProfile(user.id, { ...details, image, role: 'admin' })).toMatchObject({ ok: false });
    expect(await updateProfile(user.id, { ...details, image, name: 'Someone Else' })).toMatchObject({ ok: false });
    expect(await updateProfile(user.id, { ...details, education: { $ne: null }, image })).toMatchObject({ ok: false });
    expect(await findUserById(user.id)).toMatchObject({ role: 'user', name: user.name, education: null });
  });

  it("accepts only the account's own png or jpeg upload as the picture", async () => {
    const user = await newUser();
    const other = await newUser();

    const someoneElses = await updateProfile(user.id, { ...details, image: await upload(other.id) });
    const gif = await updateProfile(user.id, { ...details, image: await upload(user.id, 'gif') });
    const remote = await updateProfile(user.id, { ...details, image: 'https://tracker.example/pixel.png' });
    const missing = await updateProfile(user.id, { ...details, image: `/media/${new ObjectId().toHexString()}` });

    expect(someoneElses).toMatchObject({ ok: false, fieldErrors: { image: ['uploadTheImageAgain'] } });
    expect(gif).toMatchObject({ ok: false, fieldErrors: { image: ['imageMustBeAPngJpegOrJpgFile'] } });
    expect(remote).toMatchObject({ ok: false, fieldErrors: { image: ['uploadTheImageAgain'] } });
    expect(missing).toMatchObject({ ok: false, fieldErrors: { image: ['uploadTheImageAgain'] } });
    expect(await updateProfile(user.id, { ...details, image: await upload(user.id, 'jpeg') })).toMatchObject({ ok: true });
  });

  it('keeps the current picture when no new one is sent, and asks for one only while there is none', async () => {
    const user = await newUser();
    const image = await upload(user.id);
    expect(await updateProfile(user.id, { ...details, image })).toMatchObject({ ok: true });
    await saveReview(user, { ratting: 4, comment: 'Kept picture.' });
    const reviewImage = async () => (await (await collection('reviews')).findOne({ userId: new ObjectId(user.id) }))?.image;
    const shownOnReview = await reviewImage();

    const result = await updateProfile(user.id, { ...details, location: 'Sylhet' });

    expect(result).toMatchObject({ ok: true, data: { image, location: 'Sylhet' } });
    expect(await findUserById(user.id)).toMatchObject({ image, location: 'Sylhet', education: details.education });
    // No new picture, so the review is left as it was.
    expect(await reviewImage()).toBe(shownOnReview);
    // A picture that is not ours is refused even when the account has one already.
    expect(await updateProfile(user.id, { ...details, image: 'https://tracker.example/pixel.png' })).toMatchObject({ ok: false, fieldErrors: { image: ['uploadTheImageAgain'] } });
    expect((await findUserById(user.id))?.image).toBe(image);
  });

  it("shows the new picture on the user's review", async () => {
    const user = await newUser();
    await saveReview(user, { ratting: 5, comment: 'Great classes.' });

    const image = await upload(user.id);
    await updateProfile(user.id, { ...details, image });

    const review = await (await collection('reviews')).findOne({ userId: new ObjectId(user.id) });
    expect(review?.image).toBe(image);
  });
});

function putDetails(user: User, body: unknown): Promise<Response> {
  const request = new NextRequest(`http://127.0.0.1:3000/api/users/${user.email}`, {
    method: 'PUT',
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return putProfileDetails(request, { params: Promise.resolve({ email: user.email! }) });
}

async function allowanceUsed(user: User): Promise<number> {
  return (await (await collection('rateLimits')).findOne({ _id: `profile:${user.id}` }))?.failures ?? 0;
}

/** How often the home pages were dropped from Next's cache and from the shared page cache. */
function homeRefreshes() {
  const next = jest.mocked(revalidateTag).mock.calls.filter(([tag]) => tag === 'home').length;
  return { next, shared: timesForgotten('/') };
}

describe('the profile write limit, whichever door', () => {
  it('is one allowance for the profile form’s server action and PUT /api/users/{email}', async () => {
    const user = await newUser();
    caller.user = user;
    const image = await upload(user.id);
    expect(await updateProfileAction({ ...details, image })).toEqual({ ok: true, data: undefined });
    expect((await putDetails(user, { ...details, location: 'Chattogram' })).status).toBe(200);
    // Bad input is told what is wrong through either door and never counted.
    expect(await updateProfileAction({ ...details, phone: 'call me', image })).toMatchObject({ ok: false, fieldErrors: { phone: expect.any(Array) } });
    expect((await putDetails(user, { ...details, phone: 'call me' })).status).toBe(400);
    expect(await allowanceUsed(user)).toBe(2);

    const { max, windowSeconds } = WRITE_LIMITS.profile;
    await (await collection('rateLimits')).updateOne({ _id: `profile:${user.id}` }, { $set: { failures: max } });

    expect(await updateProfileAction({ ...details, location: 'Sylhet', image })).toEqual({ ok: false, message: TOO_MANY_WRITES });
    const refused = await putDetails(user, { ...details, location: 'Sylhet' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowSeconds);
    expect(await findUserById(user.id)).toMatchObject({ location: 'Chattogram' });
  });

  it('stops a loop of profile form submissions at the allowance', async () => {
    const user = await newUser();
    caller.user = user;
    const image = await upload(user.id);
    const { max } = WRITE_LIMITS.profile;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect(await updateProfileAction({ ...details, location: `Place ${attempt}`, image })).toMatchObject({ ok: true });
    }
    expect(await updateProfileAction({ ...details, location: 'One too many', image })).toEqual({ ok: false, message: TOO_MANY_WRITES });
    expect(await findUserById(user.id)).toMatchObject({ location: `Place ${max}` });
  });
});

describe('refreshing the home page after a profile change', () => {
  it('empties no public page cache when the home page shows nothing of the change', async () => {
    const user = await newUser();
    caller.user = user;
    const image = await upload(user.id);

    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await updateProfileAction({ ...details, location: `Town ${attempt}`, image })).toMatchObject({ ok: true });
    }

    expect(homeRefreshes()).toEqual({ next: 0, shared: 0 });
  });

  it('refreshes the home pages when the new picture shows on a review they show', async () => {
    const user = await newUser();
    caller.user = user;
    await saveReview(user, { ratting: 5, comment: 'Shown on the home page.' });
    jest.mocked(revalidateTag).mockClear();
    clearPageCacheRecords();

    expect(await updateProfileAction({ ...details, image: await upload(user.id) })).toMatchObject({ ok: true });
    expect(homeRefreshes()).toEqual({ next: 1, shared: 1 });

    // The same picture again changes nothing shown.
    const { image } = (await findUserById(user.id)) ?? {};
    expect(await updateProfileAction({ ...details, location: 'Khulna', image })).toMatchObject({ ok: true });
    expect(homeRefreshes()).toEqual({ next: 1, shared: 1 });
  });
});

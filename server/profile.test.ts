import { ObjectId } from 'mongodb';
import sharp from 'sharp';
import { usePrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from './db';
import { storeImage } from './media';
import { updateProfile } from './profile';
import { saveReview } from './reviews';
import { createPasswordUser, findUserById } from './users';
import type { User } from './users';

usePrivateDatabase('kz_jest_profile');
afterAll(closeDb);

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
        education: ['Education is required'],
        location: ['Location must be at most 120 characters'],
        phone: ['Provide a valid phone number'],
      },
    });
    expect(await updateProfile(user.id, { ...details })).toMatchObject({ ok: false, fieldErrors: { image: ['Image is required'] } });
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

    expect(someoneElses).toMatchObject({ ok: false, fieldErrors: { image: ['Upload the image again'] } });
    expect(gif).toMatchObject({ ok: false, fieldErrors: { image: ['Image must be a png, jpeg or jpg file'] } });
    expect(remote).toMatchObject({ ok: false, fieldErrors: { image: ['Upload the image again'] } });
    expect(missing).toMatchObject({ ok: false, fieldErrors: { image: ['Upload the image again'] } });
    expect(await updateProfile(user.id, { ...details, image: await upload(user.id, 'jpeg') })).toMatchObject({ ok: true });
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

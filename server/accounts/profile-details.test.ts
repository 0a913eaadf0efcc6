import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb } from '../platform/db';
import { updateProfileDetails } from './profile';
import { createPasswordUser, findUserById } from './users';
import type { User } from './users';

// The legacy PUT /api/users/{email}: education, location and phone only.

selectPrivateDatabase('kz_jest_profile_details');
afterAll(closeDb);

let counter = 0;
async function newUser(): Promise<User> {
  counter += 1;
  const user = await createPasswordUser({ name: `Details Tester ${counter}`, email: `details-${counter}-${Date.now()}@example.com`, password: 'secret12' });
  if (!user) throw new Error('could not create the test user');
  return user;
}

const details = { education: 'BSc in Physics', location: 'Dhaka', phone: '+880 1700-000000' };

describe('updateProfileDetails', () => {
  it('saves the three fields and answers the driver update result', async () => {
    const user = await newUser();
    const first = await updateProfileDetails(user.id, details);
    expect(first).toMatchObject({ ok: true, data: { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 } });
    const again = await updateProfileDetails(user.id, details);
    expect(again).toMatchObject({ ok: true, data: { matchedCount: 1, modifiedCount: 0 } });
    expect(await findUserById(user.id)).toMatchObject({ ...details, name: user.name, email: user.email, role: 'user', image: null });
  });

  it('refuses other fields, operator objects and bad values, and changes nothing', async () => {
    const user = await newUser();
    for (const input of [
      { ...details, role: 'admin' },
      { ...details, name: 'Renamed' },
      { ...details, image: '/media/65f0a1b2c3d4e5f6a7b8c9d0' },
      { ...details, education: { $ne: null } },
      { ...details, phone: ['+880 1700-000000'] },
      { ...details, location: '' },
      { ...details, phone: 'call me' },
    ]) {
      expect(await updateProfileDetails(user.id, input)).toMatchObject({ ok: false });
    }
    expect(await findUserById(user.id)).toMatchObject({ education: null, location: null, phone: null, role: 'user' });
  });
});

import { TICKET_EXPIRED } from '@/lib/schemas/phone-code';
import { answerToRefusal } from '@/tests/support/expectations';
import { englishText } from '@/server/platform/english-text';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { forgetCodeLimits, lastSmsCode, smsTexts } from '@/tests/support/sms-outbox';
import { CODE_EXPIRED } from './phone-codes';

// Signing in with a mobile number against the real embedded database: a number with an account
// signs into it, a number without one is named once and gets an account; every step's proof is
// a ticket used once, and a number belongs to one account however many ask at once.
selectPrivateDatabase('kz_jest_phone_sign_in');
const outbox = temporaryOutbox('kz-phone-sign-in-');

type Modules = {
  codes: typeof import('./phone-codes');
  signIn: typeof import('./phone-sign-in');
  users: typeof import('./users');
  reset: typeof import('./password-reset');
  passwords: typeof import('./passwords');
  db: typeof import('../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = { codes: await import('./phone-codes'), signIn: await import('./phone-sign-in'), users: await import('./users'), reset: await import('./password-reset'), passwords: await import('./passwords'), db: await import('../platform/db') };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['phoneCodes', 'rateLimits', 'smsMessages', 'usedTokens'].map((name) => db.collection(name).deleteMany({})));
  await db.collection('users').deleteMany({ mobileNumber: { $exists: true } });
});

afterAll(async () => {
  // The last test's SMS is still being written to the outbox after its answer.
  await (await import('../platform/sms')).smsDeliveriesSettled();
  await m.db.closeDb();
});

let clients = 0;
const requester = () => ({ clientIp: `10.1.0.${(clients += 1)}`, deviceId: `device-${clients}`, locale: 'en' as const });

/** Asks for a code for `phone` and answers the one the SMS carried (the limits are phone-codes.test.ts's). */
async function codeFor(phone: string, purpose: 'sign-in' | 'reset' = 'sign-in'): Promise<string> {
  await forgetCodeLimits(await m.db.getDb());
  if (purpose === 'reset') await m.reset.requestPasswordResetCode({ phone }, requester());
  else await m.codes.requestPhoneCode(purpose, { phone }, requester());
  return lastSmsCode(outbox, await m.db.getDb(), phone);
}

describe('signing in with a mobile number', () => {
  it('makes an account for a new number once it is named, and signs into it after', async () => {
    const phone = '+8801711000001';
    const first = await m.signIn.phoneLoginStep({ phone: '01711-000001', code: await codeFor(phone) });
    expect(first.status).toBe('needs-name');
    expect(await m.signIn.findUserByMobileNumber(phone)).toBeNull();

    const named = await m.signIn.phoneLoginStep({ ticket: first.ticket, name: 'Rahim Uddin', locale: 'bn' });
    expect(named.status).toBe('signed-in');
    const account = await m.signIn.accountForTicket(named.ticket);
    expect(account).toMatchObject({ name: 'Rahim Uddin', email: null, mobileNumber: phone, role: 'user', hasPassword: false, locale: 'bn' });

    const again = await m.signIn.phoneLoginStep({ phone, code: await codeFor(phone) });
    expect(again.status).toBe('signed-in');
    expect((await m.signIn.accountForTicket(again.ticket))?.id).toBe(account?.id);
  });

  it('uses each ticket once: a second sign-in, a second naming, a forged or altered ticket are refused', async () => {
    const phone = '+8801711000002';
    const { ticket } = await m.signIn.phoneLoginStep({ phone, code: await codeFor(phone) });
    const signedIn = await m.signIn.phoneLoginStep({ ticket, name: 'Karim' });
    expect(await m.signIn.accountForTicket(signedIn.ticket)).not.toBeNull();
    expect(await m.signIn.accountForTicket(signedIn.ticket)).toBeNull();

    const refusal = await answerToRefusal(m.signIn.phoneLoginStep({ ticket, name: 'Someone Else' }));
    expect(refusal).toEqual({ status: 400, body: { message: englishText(TICKET_EXPIRED), code: TICKET_EXPIRED } });
    const forged = `${signedIn.ticket.slice(0, -4)}AAAA`;
    expect(await m.signIn.accountForTicket(forged)).toBeNull();
    expect(await m.signIn.accountForTicket(undefined)).toBeNull();
    expect(await (await m.db.getDb()).collection('users').countDocuments({ mobileNumber: phone })).toBe(1);
  });

  it('signs a number into the account that holds it whoever named it first, when two name it at once', async () => {
    const phone = '+8801711000003';
    // Two devices proved the number and name it at the same moment.
    const { ticket } = await m.signIn.phoneLoginStep({ phone, code: await codeFor(phone) });
    const namings = await Promise.all([
      m.signIn.phoneLoginStep({ ticket, name: 'Ayesha' }),
      m.signIn.phoneLoginStep({ ticket: await m.signIn.phoneTicket(phone), name: 'Fatima' }),
    ]);
    const accounts = await Promise.all(namings.map((named) => m.signIn.accountForTicket(named.ticket)));
    expect(new Set(accounts.map((account) => account?.id)).size).toBe(1);
    expect(await (await m.db.getDb()).collection('users').countDocuments({ mobileNumber: phone })).toBe(1);
  });

  it('refuses a wrong code, a malformed number and a name the rules refuse, and makes nothing', async () => {
    const phone = '+8801711000004';
    await codeFor(phone);
    expect((await answerToRefusal(m.signIn.phoneLoginStep({ phone, code: '000000' }))).status).toBe(400);
    expect((await answerToRefusal(m.signIn.phoneLoginStep({ phone: 'call me', code: '123456' }))).status).toBe(400);
    const ticket = await m.signIn.phoneTicket(phone);
    expect((await answerToRefusal(m.signIn.phoneLoginStep({ ticket, name: 'visit http://evil.example' }))).status).toBe(400);
    expect((await answerToRefusal(m.signIn.phoneLoginStep({ ticket, name: 'Ann', role: 'admin' }))).status).toBe(400);
    expect(await m.signIn.findUserByMobileNumber(phone)).toBeNull();
  });
});

describe('resetting a password with a code sent by SMS', () => {
  /** An e-mail and password account that has added `phone`, signed in once (session version 0). */
  async function accountWithNumber(phone: string) {
    const email = `reset-${phone.slice(-6)}@example.com`;
    const users = (await m.db.getDb()).collection('users');
    await users.deleteMany({ email });
    const account = await m.users.createPasswordUser({ name: 'Nusrat', email, password: 'old-secret-1' });
    await users.updateOne({ email }, { $set: { mobileNumber: phone } });
    return { id: account?.id, passwordMatches: async (password: string) => m.passwords.verifyPassword((await users.findOne({ email }))?.passwordHash ?? '', password), read: () => users.findOne({ email }) };
  }

  it("sets the new password once with the code, ends the account's sessions and keeps its e-mail's standing", async () => {
    const phone = '+8801711000011';
    const account = await accountWithNumber(phone);
    const before = await account.read();

    await m.reset.resetPasswordByCode({ phone, code: await codeFor(phone, 'reset'), password: 'new-secret-22' });

    expect(await account.passwordMatches('new-secret-22')).toBe(true);
    const after = await account.read();
    expect(after?.sessionVersion).toBe((before?.sessionVersion ?? 0) + 1);
    expect(after?.emailVerifiedAt).toEqual(before?.emailVerifiedAt);
  });

  it('spends the code: a second use, a sign-in code and a wrong code are refused and change nothing', async () => {
    const phone = '+8801711000012';
    const account = await accountWithNumber(phone);
    const code = await codeFor(phone, 'reset');
    await m.reset.resetPasswordByCode({ phone, code, password: 'new-secret-22' });

    expect(await answerToRefusal(m.reset.resetPasswordByCode({ phone, code, password: 'attacker-secret' }))).toMatchObject({ status: 400, body: { code: CODE_EXPIRED } });
    const signInCode = await codeFor(phone, 'sign-in');
    expect((await answerToRefusal(m.reset.resetPasswordByCode({ phone, code: signInCode, password: 'attacker-secret' }))).status).toBe(400);
    expect(await account.passwordMatches('new-secret-22')).toBe(true);
  });

  it('checks the new password before the code, so a refused password leaves the code to use', async () => {
    const phone = '+8801711000013';
    const account = await accountWithNumber(phone);
    const code = await codeFor(phone, 'reset');
    expect((await answerToRefusal(m.reset.resetPasswordByCode({ phone, code, password: 'short' }))).status).toBe(400);
    await m.reset.resetPasswordByCode({ phone, code, password: 'long-enough-33' });
    expect(await account.passwordMatches('long-enough-33')).toBe(true);
  });

  it('answers a number without an account the same and sends it nothing', async () => {
    const phone = '+8801711000014';
    const answer = await m.reset.requestPasswordResetCode({ phone }, requester());
    expect(answer).toEqual({ phone, expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(await smsTexts(outbox, await m.db.getDb(), phone)).toEqual([]);
    expect((await answerToRefusal(m.reset.resetPasswordByCode({ phone, code: '123456', password: 'new-secret-22' }))).status).toBe(400);
  });
});

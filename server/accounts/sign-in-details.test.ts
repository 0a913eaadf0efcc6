import { ObjectId } from 'mongodb';
import { answerToRefusal } from '@/tests/support/expectations';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { forgetCodeLimits, lastSmsCode, smsTexts } from '@/tests/support/sms-outbox';

// Changing how an account signs in, against the real embedded database: a number proved by its
// code, an address proved by its link; each held by one account only, and the number or address
// replaced is told.
selectPrivateDatabase('kz_jest_sign_in_details');
const outbox = temporaryOutbox('kz-sign-in-details-');

type Modules = {
  details: typeof import('./sign-in-details');
  verification: typeof import('./email-verification');
  users: typeof import('./users');
  db: typeof import('../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = { details: await import('./sign-in-details'), verification: await import('./email-verification'), users: await import('./users'), db: await import('../platform/db') };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['phoneCodes', 'rateLimits', 'smsMessages', 'usedTokens', 'authTokens', 'users'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  // The last test's SMS is still being written to the outbox after its answer.
  await (await import('../platform/sms')).smsDeliveriesSettled();
  await m.db.closeDb();
});

let clients = 0;
const requester = () => ({ clientIp: `10.2.0.${(clients += 1)}`, deviceId: `device-${clients}`, locale: 'en' as const });

async function account(fields: { email?: string; mobileNumber?: string }) {
  const doc = { _id: new ObjectId(), name: 'Sadia', role: 'user' as const, sessionVersion: 0, createdAt: new Date(), locale: 'en' as const, ...fields };
  await (await m.db.getDb()).collection('users').insertOne(doc);
  const user = await m.users.findUserById(doc._id.toHexString());
  if (!user) throw new Error('no account');
  return user;
}

async function linkCode(user: Awaited<ReturnType<typeof account>>, phone: string): Promise<string> {
  await forgetCodeLimits(await m.db.getDb());
  await m.details.requestNumberChangeCode(user, { phone }, requester());
  return lastSmsCode(outbox, await m.db.getDb(), phone);
}

/** The link token of the last e-mail change mail to `email`. */
async function changeLink(email: string): Promise<string> {
  for (let turn = 0; turn < 100; turn += 1) {
    const mail = outbox.messages().filter((text) => text.includes(`To: ${email}`)).map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.at(-1) ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail change link to ${email}`);
}

async function mailsTo(email: string, subject: string, count = 1): Promise<number> {
  for (let turn = 0; turn < 100; turn += 1) {
    const found = outbox.messages().filter((text) => text.includes(`To: ${email}`) && text.includes(subject)).length;
    if (found >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return 0;
}

describe('changing the mobile number', () => {
  it('gives the account the number once its code is right, and tells the old number and the e-mail', async () => {
    const user = await account({ email: 'sadia@example.com', mobileNumber: '+8801711000021' });
    const code = await linkCode(user, '+8801711000022');
    expect((await smsTexts(outbox, await m.db.getDb(), '+8801711000022')).at(-1)).toMatch(/add this number to your account/);

    const updated = await m.details.changeMobileNumber(user, { phone: '+8801711000022', code });

    expect(updated.mobileNumber).toBe('+8801711000022');
    expect(await mailsTo('sadia@example.com', 'mobile number of your Knowledge Zone account was changed')).toBe(1);
    const told = await smsTexts(outbox, await m.db.getDb(), '+8801711000021');
    expect(told.at(-1)).toMatch(/now signs in with \+880 1711 000022/);
    expect((await answerToRefusal(m.details.changeMobileNumber(updated, { phone: '+8801711000022', code }))).status).toBe(400);
  });

  it("refuses a number another account holds, once its code proves the asker holds it, and changes nothing", async () => {
    await account({ mobileNumber: '+8801711000023' });
    const user = await account({ email: 'other@example.com' });
    const code = await linkCode(user, '+8801711000023');

    const refusal = await answerToRefusal(m.details.changeMobileNumber(user, { phone: '+8801711000023', code }));

    expect(refusal).toMatchObject({ status: 409, body: { code: 'thisNumberBelongsToAnotherAccount' } });
    expect((await m.users.findUserById(user.id))?.mobileNumber).toBeNull();
  });

  it('refuses its own number, a wrong code and a malformed number', async () => {
    const user = await account({ mobileNumber: '+8801711000024' });
    expect(await answerToRefusal(m.details.requestNumberChangeCode(user, { phone: '01711000024' }, requester()))).toMatchObject({ status: 400, body: { code: 'thisIsAlreadyYourMobileNumber' } });
    await linkCode(user, '+8801711000025');
    expect((await answerToRefusal(m.details.changeMobileNumber(user, { phone: '+8801711000025', code: '000000' }))).status).toBe(400);
    expect((await answerToRefusal(m.details.changeMobileNumber(user, { phone: 'not a number', code: '123456' }))).status).toBe(400);
    expect((await m.users.findUserById(user.id))?.mobileNumber).toBe('+8801711000024');
  });

  it('gives a number to one account only when two prove it at once', async () => {
    const [first, second] = await Promise.all([account({ email: 'a@example.com' }), account({ email: 'b@example.com' })]);
    const codes = [await linkCode(first, '+8801711000026')];
    await forgetCodeLimits(await m.db.getDb());
    // The second asks too: the number's last codes all stay valid.
    codes.push(await linkCode(second, '+8801711000026'));
    const outcomes = await Promise.allSettled([m.details.changeMobileNumber(first, { phone: '+8801711000026', code: codes[0] }), m.details.changeMobileNumber(second, { phone: '+8801711000026', code: codes[1] })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await (await m.db.getDb()).collection('users').countDocuments({ mobileNumber: '+8801711000026' })).toBe(1);
  });
});

describe('changing the e-mail address', () => {
  it('makes the address the account\'s, verified, when its link is opened, and tells the old address', async () => {
    const user = await account({ email: 'old@example.com' });
    expect(await m.details.requestEmailChange(user, { email: ' New@Example.com ' })).toEqual({ email: 'new@example.com' });
    const token = await changeLink('new@example.com');
    expect((await m.users.findUserById(user.id))?.email).toBe('old@example.com');

    expect(await m.verification.verifyEmail(token)).toEqual({ ok: true });

    expect(await m.users.findUserById(user.id)).toMatchObject({ email: 'new@example.com', emailVerified: true });
    expect(await mailsTo('old@example.com', 'e-mail of your Knowledge Zone account was changed')).toBe(1);
    expect(await m.verification.verifyEmail(token)).toEqual({ ok: false, reason: 'used' });
  });

  it('texts the number of an account that had no e-mail', async () => {
    const user = await account({ mobileNumber: '+8801711000027' });
    await m.details.requestEmailChange(user, { email: 'first@example.com' });
    expect(await m.verification.verifyEmail(await changeLink('first@example.com'))).toEqual({ ok: true });
    expect((await smsTexts(outbox, await m.db.getDb(), '+8801711000027')).at(-1)).toMatch(/first@example\.com was added/);
  });

  it("answers an address another account holds the same, and refuses it when the link is opened", async () => {
    await account({ email: 'taken@example.com' });
    const user = await account({ email: 'mine@example.com' });
    expect(await m.details.requestEmailChange(user, { email: 'taken@example.com' })).toEqual({ email: 'taken@example.com' });
    expect(await m.verification.verifyEmail(await changeLink('taken@example.com'))).toEqual({ ok: false, reason: 'taken' });
    expect((await m.users.findUserById(user.id))?.email).toBe('mine@example.com');
  });

  it('refuses its own address and a malformed one, and limits the links an account asks for', async () => {
    const user = await account({ email: 'limit@example.com' });
    expect(await answerToRefusal(m.details.requestEmailChange(user, { email: 'LIMIT@example.com' }))).toMatchObject({ status: 400, body: { code: 'thisIsAlreadyYourEmail' } });
    expect((await answerToRefusal(m.details.requestEmailChange(user, { email: 'no-at-sign' }))).status).toBe(400);
    for (let ask = 1; ask <= 3; ask += 1) await m.details.requestEmailChange(user, { email: `new${ask}@example.com` });
    expect((await answerToRefusal(m.details.requestEmailChange(user, { email: 'new4@example.com' }))).status).toBe(429);
    // The links go out after the answers.
    for (let ask = 1; ask <= 3; ask += 1) expect(await mailsTo(`new${ask}@example.com`, 'Confirm your new e-mail')).toBe(1);
  });
});

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ObjectId } from 'mongodb';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { DEMO_ACCOUNTS, DESKTOP_SCREEN, PHONE_SCREEN, accountMenuOf, expectNoAxeViolations, expectNoSidewaysScroll, login, logout, register, uniqueEmail } from './support/helpers';
import { waitForMailedLink } from './support/outbox';
import { withDatabase } from './support/database';
import { codeSentTo, e164, newMobileNumber, skipTheMinute } from './support/sms';

// What an account does with a mobile number beyond signing in: adding or changing it in My
// Profile (proved by a code), adding an e-mail there (proved by a link), resetting the password
// with a code by SMS; and the admins' view of the SMS the site sends.

/** Signs up with `number` on the Login page (a new number is asked a name once). */
async function signUpWithNumber(page: Page, texts: typeof en, prefix: string, number: string, name: string): Promise<void> {
  await page.goto(`${prefix}/login`);
  await page.getByLabel(texts.phoneSignIn.identifier).fill(number);
  await page.getByRole('button', { name: texts.phoneSignIn.sendCode }).click();
  await page.getByLabel(texts.phoneSignIn.code).fill(await codeSentTo(number));
  await page.getByRole('button', { name: texts.phoneSignIn.verify }).click();
  await page.getByLabel(texts.phoneSignIn.name, { exact: true }).fill(name);
  await page.getByRole('button', { name: texts.phoneSignIn.createAccount }).click();
  await expect(accountMenuOf(page, texts, name)).toBeVisible();
}

/** My Profile's sign-in details: `which` opened for a change. */
async function openSignInDetail(page: Page, texts: typeof en, prefix: string, button: string): Promise<void> {
  await page.goto(`${prefix}/myProfile`);
  await expect(page.getByRole('heading', { name: texts.signInDetails.title })).toBeVisible();
  await page.getByRole('button', { name: button }).click();
}

test('adds a number in My Profile, resets the password with a code sent to it, and signs in with the new password, on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE_SCREEN);
  const email = uniqueEmail('sms-reset');
  const number = newMobileNumber();
  await register(page, 'Tanvir Hasan', email, 'first-secret-1');
  await expect(accountMenuOf(page, en, 'Tanvir Hasan')).toBeVisible();

  await openSignInDetail(page, en, '', en.signInDetails.addNumber);
  await page.getByLabel(en.signInDetails.newNumber).fill(number);
  await page.getByRole('button', { name: en.signInDetails.sendCode }).click();
  const codeField = page.getByLabel(en.phoneSignIn.code);
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page, PHONE_SCREEN.width);
  const linkCode = await codeSentTo(number);
  await codeField.fill(linkCode);
  await page.getByRole('button', { name: en.signInDetails.saveNumber }).click();
  await expect(page.getByRole('status')).toContainText(`Your mobile number is now +880 ${number.slice(1, 5)}`);
  await expect(page.getByRole('main')).toContainText(`+880 ${number.slice(1, 5)}`);
  await logout(page);

  // Forgot the password: the number typed on Login, Reset Password sends a code to it.
  await skipTheMinute(number);
  await page.goto('/login');
  await page.getByLabel(en.phoneSignIn.identifier).fill(number);
  await page.getByRole('button', { name: en.login.resetPassword }).click();
  await expect(page.getByRole('heading', { name: en.phoneSignIn.resetTitle })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(en.phoneSignIn.code).fill(await codeSentTo(number, [linkCode]));
  await page.getByLabel(en.resetPassword.newPassword).fill('123');
  await page.getByRole('button', { name: en.resetPassword.submit }).click();
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  await page.getByLabel(en.resetPassword.newPassword).fill('second-secret-2');
  await page.getByRole('button', { name: en.resetPassword.submit }).click();
  await expect(page.getByRole('status')).toContainText(en.login.resetByCodeDone);

  await login(page, email, 'second-secret-2');
  await expect(accountMenuOf(page, en, 'Tanvir Hasan')).toBeVisible();
});

test('a number without an account is answered the same on Reset Password and sent nothing', async ({ page }) => {
  const number = newMobileNumber();
  await page.goto('/login');
  await page.getByLabel(en.phoneSignIn.identifier).fill(number);
  await page.getByRole('button', { name: en.login.resetPassword }).click();
  await expect(page.getByRole('heading', { name: en.phoneSignIn.resetTitle })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('If +880');
  expect(await withDatabase((db) => db.collection('smsMessages').countDocuments({ to: e164(number) }))).toBe(0);
});

test('an account made with a number adds an e-mail by its link, and cannot take a number another account holds, on a desktop in Bengali', async ({ page }) => {
  await page.setViewportSize(DESKTOP_SCREEN);
  const number = newMobileNumber();
  const email = uniqueEmail('added');
  await signUpWithNumber(page, bn, '/bn', number, 'নুসরাত জাহান');

  await openSignInDetail(page, bn, '/bn', bn.signInDetails.addEmail);
  await page.getByLabel(bn.signInDetails.newEmail).fill(email);
  await page.getByRole('button', { name: bn.signInDetails.sendLink }).click();
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page.getByText(bn.signInDetails.setPasswordHint)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/bn${await waitForMailedLink(email, '/verify-email')}`);
  await page.getByRole('button', { name: bn.accountVerifyEmail.verify }).click();
  await expect(page.getByText(bn.accountVerifyEmail.verified)).toBeVisible();
  await page.goto('/bn/myProfile');
  await expect(page.getByRole('main')).toContainText(email);

  // Another account holds this number: the code proves the learner holds it, then the site says so.
  const taken = newMobileNumber();
  await withDatabase((db) => db.collection('users').insertOne({ _id: new ObjectId(), name: 'Other', mobileNumber: e164(taken), role: 'user', sessionVersion: 0, createdAt: new Date(), locale: 'bn' } as never));
  await page.getByRole('button', { name: bn.signInDetails.changeNumber }).click();
  await page.getByLabel(bn.signInDetails.newNumber).fill(taken);
  await page.getByRole('button', { name: bn.signInDetails.sendCode }).click();
  await page.getByLabel(bn.phoneSignIn.code).fill(await codeSentTo(taken));
  await page.getByRole('button', { name: bn.signInDetails.saveNumber }).click();
  await expect(page.getByText(bn.errors.thisNumberBelongsToAnotherAccount)).toBeVisible();
  await page.goto('/bn/myProfile');
  await expect(page.getByRole('main')).toContainText(`+880 ${number.slice(1, 5)}`);
});

for (const [device, viewport] of [['phone', PHONE_SCREEN], ['desktop', DESKTOP_SCREEN]] as const) {
  test(`admins see the SMS sent per day and per hour and today's use of the cap, on a ${device}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const number = newMobileNumber();
    const sent = await page.request.post('/api/account/phone-code', { data: { phone: number } });
    expect(sent.status()).toBe(200);
    await codeSentTo(number);

    const { email, password } = DEMO_ACCOUNTS.admin;
    await login(page, email, password);
    await expect(accountMenuOf(page, en, DEMO_ACCOUNTS.admin.name)).toBeVisible();
    await page.goto('/admin/sms');
    await expect(page.getByRole('heading', { name: en.smsUsage.title, level: 1 })).toBeVisible();
    await expect(page.getByText(/^[1-9][\d,]* of [\d,]+ SMS allowed today are used\.$/)).toBeVisible();
    await expect(page.getByRole('table', { name: /Per day, last 14 days/ })).toBeVisible();
    const hours = page.getByRole('table', { name: /Per hour, last 48 hours/ });
    await expect(hours.getByRole('row')).toHaveCount(49);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, viewport.width);
  });
}

test('a learner cannot open the SMS counts', async ({ page }) => {
  const { email, password } = DEMO_ACCOUNTS.student;
  await login(page, email, password);
  await expect(accountMenuOf(page, en, DEMO_ACCOUNTS.student.name)).toBeVisible();
  await page.goto('/admin/sms');
  await expect(page.getByRole('heading', { name: en.smsUsage.title })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { DESKTOP_SCREEN, PHONE_SCREEN, accountMenuOf, expectNoAxeViolations, expectNoSidewaysScroll } from './support/helpers';
import { codeSentTo, newMobileNumber, skipTheMinute } from './support/sms';

// Signing up and in with a mobile number, as most learners in Bangladesh do: one field takes the
// number or an e-mail, the code comes by SMS (read here from the outbox the test server writes
// instead of sending), a number without an account is asked a name once. On a phone and a
// desktop, in both languages, with axe on each new screen.

const MESSAGES = { en, bn } as const;

const accountMenu = (page: Page, locale: 'en' | 'bn', name: string) => accountMenuOf(page, MESSAGES[locale], name);

for (const locale of ['en', 'bn'] as const) {
  const t = MESSAGES[locale];
  const prefix = locale === 'en' ? '' : '/bn';

  for (const [device, viewport] of [['phone', PHONE_SCREEN], ['desktop', DESKTOP_SCREEN]] as const) {
    test(`signs up with a mobile number, then signs in with it, on a ${device} in ${locale === 'en' ? 'English' : 'Bengali'}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const number = newMobileNumber();

      // Register: the name first, then the number instead of an e-mail; no password to make up.
      await page.goto(`${prefix}/register`);
      await page.getByLabel(t.auth.name, { exact: true }).fill('Sumaiya Akter');
      const identifier = page.getByLabel(t.phoneSignIn.identifier);
      await identifier.fill(number);
      await expect(page.getByLabel(t.auth.password)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: t.phoneSignIn.sendCode }).click();

      const codeField = page.getByLabel(t.phoneSignIn.code);
      await expect(codeField).toBeVisible();
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await expect(page.getByRole('main')).toContainText(number.slice(-6, -3));
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoAxeViolations(page);

      // A wrong code is refused with the tries left, and the right one still works.
      const code = await codeSentTo(number);
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: t.phoneSignIn.verify }).click();
      await expect(page.getByText(locale === 'en' ? 'That code is not right. Tries left: 4.' : /কোডটি সঠিক নয়/)).toBeVisible();
      await codeField.fill(code);
      await page.getByRole('button', { name: t.phoneSignIn.verify }).click();
      await expect(accountMenu(page, locale, 'Sumaiya Akter')).toBeVisible();

      // My Profile shows the number the account signs in with, and no e-mail.
      await page.goto(`${prefix}/myProfile`);
      await expect(page.getByRole('main')).toContainText(`+880 ${number.slice(1, 5)}`);
      await expect(page.getByRole('main')).toContainText('Sumaiya Akter');

      await accountMenu(page, locale, 'Sumaiya Akter').click();
      await page.getByRole('button', { name: t.nav.logOut }).click();
      await expect(page.getByRole('link', { name: t.nav.login, exact: true })).toBeVisible();

      // Login with the same number written another way: straight in, no name asked.
      await skipTheMinute(number);
      await page.goto(`${prefix}/login`);
      await page.getByLabel(t.phoneSignIn.identifier).fill(`+880 ${number.slice(1, 5)} ${number.slice(5)}`);
      await page.getByRole('button', { name: t.phoneSignIn.sendCode }).click();
      await expect(page.getByLabel(t.phoneSignIn.code)).toBeVisible();
      await page.getByLabel(t.phoneSignIn.code).fill(await codeSentTo(number, [code]));
      await page.getByRole('button', { name: t.phoneSignIn.verify }).click();
      await expect(accountMenu(page, locale, 'Sumaiya Akter')).toBeVisible();
      await expect(page.getByRole('heading', { name: t.phoneSignIn.nameTitle })).toHaveCount(0);
    });
  }

  test(`a new number on the Login page is asked a name once, in ${locale === 'en' ? 'English' : 'Bengali'}`, async ({ page }) => {
    const number = newMobileNumber();
    await page.goto(`${prefix}/login`);
    await page.getByLabel(t.phoneSignIn.identifier).fill(number);
    await page.getByRole('button', { name: t.phoneSignIn.sendCode }).click();
    await expect(page.getByText(locale === 'en' ? /You can ask for a new code in \d+ seconds?\./ : /সেকেন্ড পরে নতুন কোড চাইতে পারবেন/)).toBeVisible();
    await page.getByLabel(t.phoneSignIn.code).fill(await codeSentTo(number));
    await page.getByRole('button', { name: t.phoneSignIn.verify }).click();

    await expect(page.getByRole('heading', { name: t.phoneSignIn.nameTitle })).toBeVisible();
    await expectNoAxeViolations(page);
    // The name follows the account rules: no links.
    await page.getByLabel(t.phoneSignIn.name, { exact: true }).fill('visit http://evil.example');
    await page.getByRole('button', { name: t.phoneSignIn.createAccount }).click();
    await expect(page.getByText(locale === 'en' ? 'Use only letters, spaces, dots, apostrophes and hyphens' : /অক্ষর/).first()).toBeVisible();
    await page.getByLabel(t.phoneSignIn.name, { exact: true }).fill('Rafiq Islam');
    await page.getByRole('button', { name: t.phoneSignIn.createAccount }).click();
    await expect(accountMenu(page, locale, 'Rafiq Islam')).toBeVisible();
  });
}

test('an e-mail in the same field still signs in with a password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(en.phoneSignIn.identifier).fill('student@knowledgezone.test');
  await expect(page.getByLabel(en.auth.password)).toBeVisible();
  await expect(page.getByRole('button', { name: en.phoneSignIn.sendCode })).toHaveCount(0);
});

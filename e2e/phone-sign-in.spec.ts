import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { MongoClient } from 'mongodb';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { MONGODB_URI } from '../playwright.config';
import { DESKTOP_SCREEN, PHONE_SCREEN, expectNoAxeViolations, expectNoSidewaysScroll } from './support/helpers';

// Signing up and in with a mobile number, as most learners in Bangladesh do: one field takes the
// number or an e-mail, the code comes by SMS (read here from the outbox the test server writes
// instead of sending), a number without an account is asked a name once. On a phone and a
// desktop, in both languages, with axe on each new screen.

const MESSAGES = { en, bn } as const;
const OUTBOX_DIR = path.resolve(process.env.E2E_MAIL_OUTBOX_DIR ?? '.data/outbox');

/** A Bangladeshi mobile number nobody else in the run has, as a learner types it: 017XXXXXXXX. */
function newMobileNumber(): string {
  return `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

const e164 = (local: string) => `+880${local.slice(1)}`;

/** The code of the newest SMS to `local` that is not in `seen`; the outbox file is written just after the answer. */
async function codeSentTo(local: string, seen: readonly string[] = []): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(OUTBOX_DIR).catch(() => [])).filter((name) => name.startsWith('sms-')).sort().reverse();
    for (const name of names) {
      const text = await readFile(path.join(OUTBOX_DIR, name), 'utf8');
      const code = /#(\d{6})\s*$/.exec(text)?.[1];
      if (text.startsWith(`To: ${e164(local)}\n`) && code && !seen.includes(code)) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS to ${local} in ${OUTBOX_DIR}`);
}

/**
 * Lets the number ask for its next code now: one a minute is the rule (server/accounts/phone-codes.test.ts
 * holds it), and a journey that signs up and back in within a minute would otherwise wait for it.
 */
async function skipTheMinute(local: string): Promise<void> {
  const client = await MongoClient.connect(MONGODB_URI);
  try {
    await client.db().collection('rateLimits').deleteOne({ _id: `phone-code:minute:${e164(local)}` as never });
  } finally {
    await client.close();
  }
}

/** The header's account menu, named in the page's language, shows once signed in. */
function accountMenu(page: Page, locale: 'en' | 'bn', name: string) {
  return page.getByRole('button', { name: MESSAGES[locale].nav.accountMenuFor.replace('{name}', name) });
}


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

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, accountMenuButton } from './support/helpers';

// The OAuth round trip against e2e/support/oidc-provider.mjs, which stands in for Google.

async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  await page.waitForURL(/127\.0\.0\.1:3200/);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
}

test('Google sign-in through the local OpenID provider returns to the page the user came from', async ({ page }) => {
  const login = `gina${Date.now().toString(36)}`;
  await page.goto('/login?from=%2FmyProfile');
  await signInAtProvider(page, login);
  await expect(page).toHaveURL('/myProfile');
  await expect(accountMenuButton(page)).toHaveAccessibleName(`Account menu for ${login}`);
  // In the profile and among the ways to sign in.
  await expect(page.getByText(`${login}@gmail.test`)).toHaveCount(2);
});

test('Google sign-in for an e-mail that has a password account is not linked silently', async ({ page }) => {
  await page.goto('/login');
  await signInAtProvider(page, DEMO_ACCOUNTS.student.email);
  await expect(page).toHaveURL(/\/login\?error=OAuthAccountNotLinked/);
  await expect(page.getByRole('alert').filter({ hasText: 'already has' })).toHaveText('This e-mail already has a Knowledge Zone account. Log in with your password.');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

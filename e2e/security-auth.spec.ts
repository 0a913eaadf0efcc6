import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { accountMenuButton, logout, uniqueEmail } from './support/helpers';

// Sign-in return addresses and sessions that must end on the server (docs/security-tests.md,
// attacks found by trying the app, rows 2 and 8), as an attacker would try them against the
// production build. The domain rules are also covered by jest
// (lib/schemas/auth.test.ts, server/accounts/sessions.test.ts); these prove the doors use them.

const PASSWORD = 'secret12';
const SITE_ORIGIN = new URL(BASE_URL).origin;

/** A fresh account made through the register endpoint in its own request context (signed in there). */
async function freshAccount(request: APIRequestContext, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const answer = await request.post('/api/account/register', { data: { name, email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return email;
}

/** If a redirect ever left the site, the browser would land here instead of failing on DNS. */
async function trapForeignHosts(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, async (route) => {
    visited.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>stolen</h1>' });
  });
  return visited;
}

test.describe('return addresses after sign-in stay on the site', () => {
  // Written exactly as an attacker's link would carry them (already percent-encoded).
  const hostile = ['/%09/evil.example/steal', '/%0A/evil.example/steal', '/%0D%0A/evil.example/steal', '/%09%5Cevil.example/steal', '//evil.example/steal', 'https://evil.example/steal'];

  for (const from of hostile) {
    test(`login with ?from=${from} ends on the site's own origin`, async ({ page, playwright }) => {
      const setup = await playwright.request.newContext({ baseURL: BASE_URL });
      const email = await freshAccount(setup, 'Redirect Target');
      await setup.dispose();
      const foreign = await trapForeignHosts(page);

      await page.goto(`/login?from=${from}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(accountMenuButton(page)).toBeVisible();
      expect(new URL(page.url()).origin).toBe(SITE_ORIGIN);
      expect(foreign).toEqual([]);
    });
  }

  test('register with ?from=/%09/evil.example/steal ends on the site too', async ({ page }) => {
    const foreign = await trapForeignHosts(page);
    await page.goto('/register?from=/%09/evil.example/steal');
    await page.getByLabel('Name').fill('Redirect Newcomer');
    await page.getByLabel('Email').fill(uniqueEmail('redirect-newcomer'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(accountMenuButton(page)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(SITE_ORIGIN);
    expect(foreign).toEqual([]);
  });

  test('Auth.js endpoints never redirect to another origin (sign-out callbackUrl)', async ({ request }) => {
    const csrf = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const answer = await request.post('/api/auth/signout', {
      form: { csrfToken: csrf.csrfToken, callbackUrl: `${SITE_ORIGIN}/\t/evil.example/steal` },
      maxRedirects: 0,
    });
    const location = answer.headers().location ?? '';
    expect(new URL(location, SITE_ORIGIN).origin).toBe(SITE_ORIGIN);
  });
});

test.describe('a session cookie replayed after the session ended is refused', () => {
  test('after Log Out, a copy of the cookie taken before is signed out on the server', async ({ page, browser, playwright }) => {
    const setup = await playwright.request.newContext({ baseURL: BASE_URL });
    const email = await freshAccount(setup, 'Replay Victim');
    await setup.dispose();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(accountMenuButton(page)).toBeVisible();
    const saved = (await page.context().cookies()).filter((cookie) => cookie.name.includes('authjs.session-token'));
    expect(saved.length).toBeGreaterThan(0);
    const cookieHeader = saved.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

    const attacker = await playwright.request.newContext({ baseURL: BASE_URL });
    expect((await attacker.get(`/api/user/${email}`, { headers: { cookie: cookieHeader } })).status()).toBe(200);

    await logout(page);
    expect((await attacker.get(`/api/user/${email}`, { headers: { cookie: cookieHeader } })).status()).toBe(401);
    await attacker.dispose();
    // The same copy in another browser: My Profile sends it to sign in.
    const elsewhere = await browser.newContext({ baseURL: BASE_URL });
    await elsewhere.addCookies(saved);
    const replayed = await elsewhere.newPage();
    await replayed.goto('/myProfile');
    await expect(replayed).toHaveURL(/\/login/);
    await elsewhere.close();
  });

  test('Sign out everywhere on My Profile ends the account’s sessions on other devices', async ({ browser, playwright }) => {
    const setup = await playwright.request.newContext({ baseURL: BASE_URL });
    const email = await freshAccount(setup, 'Many Devices');
    await setup.dispose();

    const signInOn = async () => {
      const context = await browser.newContext({ baseURL: BASE_URL });
      const page = await context.newPage();
      await page.goto('/login?from=/myProfile');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL('/myProfile');
      return page;
    };
    const laptop = await signInOn();
    const phone = await signInOn();

    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(laptop).toHaveURL(/\/login/);
    await phone.goto('/myProfile');
    await expect(phone).toHaveURL(/\/login/);

    // A new sign-in works as before.
    const again = await signInOn();
    await expect(again.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    for (const page of [laptop, phone, again]) await page.context().close();
  });
});

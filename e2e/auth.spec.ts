import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS, accountMenuButton, expectNoAxeViolations, login, logout, register, uniqueEmail } from './support/helpers';

test.describe('register, logout, login', () => {
  test('a new visitor registers, logs out and logs back in', async ({ page }) => {
    const email = uniqueEmail('journey');
    await register(page, 'Journey Tester', email, 'secret12');
    await expect(page).toHaveURL('/');
    await expect(accountMenuButton(page)).toHaveAccessibleName('Account menu for Journey Tester');

    await logout(page);
    await login(page, email, 'secret12');
    await expect(page).toHaveURL('/');
    await accountMenuButton(page).click();
    for (const item of ['My Profile', 'My Collection', 'Saved Offline', 'My Order', 'Add Review']) {
      await expect(page.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'All Users' })).toHaveCount(0);
  });

  test('opened as 127.0.0.1, sign-in redirects and Log Out stay on that host', async ({ browser }) => {
    // SITE_URL is localhost here, and Next reports a loopback host as localhost: Log Out used to
    // follow Auth.js's absolute answer to http://localhost…, a host without this browser's cookies.
    const origin = BASE_URL.replace('//localhost:', '//127.0.0.1:');
    expect(origin).not.toBe(BASE_URL);
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    try {
      await page.goto('/myOrder');
      await expect(page).toHaveURL(`${origin}/login?from=%2FmyOrder`);
      const email = uniqueEmail('loopback');
      const registered = await page.request.post('/api/account/register', { data: { name: 'Loopback Visitor', email, password: 'secret12' } });
      expect(registered.status()).toBe(200);
      await page.goto('/myOrder');
      await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
      await expect(accountMenuButton(page)).toBeVisible();

      await logout(page);
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe('/');
      // Signed out for real on this host.
      await page.goto('/myOrder');
      await expect(page).toHaveURL(`${origin}/login?from=%2FmyOrder`);
    } finally {
      await context.close();
    }
  });

  test('a wrong password shows a red provider error under the form', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.student.email, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/text-red-700/);
  });

  test('the login screen has the spec texts and passes axe', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();
    await expect(page.getByText('New to Knowledge Zone?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/register');
    await expect(page.getByText('Forget Password?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Please Register' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('validation messages (docs/product.md §5)', () => {
  test('register shows every message, including the name one', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Name is requires')).toBeVisible();
    await expect(page.getByText('email is requires')).toBeVisible();
    await expect(page.getByText('password is requires')).toBeVisible();

    await page.getByLabel('Email').fill('ann@example');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Provide a valid email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  });

  test('login shows the e-mail and password messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('email is requires')).toBeVisible();
    await expect(page.getByText('password is requires')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Provide a valid email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  });
});

test.describe('before the scripts run', () => {
  test('the login form takes no input, so a password can never be sent in the address bar', async ({ page }) => {
    // Hold the page's scripts: the server's HTML is all the browser has, as on a slow phone.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const password = page.getByLabel('Password');
    await expect(password).toBeVisible();
    await expect(password).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

    releaseScripts();
    await expect(password).toBeEnabled();
    // An address with no account: the demo accounts' failed-login budgets stay untouched.
    await page.getByLabel('Email').fill(uniqueEmail('held-scripts'));
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' })).toBeVisible();
    expect(page.url()).not.toContain('password');
  });
});

test.describe('guards', () => {
  test('a signed-in page redirects to login and returns there afterwards, replacing the history entry', async ({ page }) => {
    await page.goto('/');
    await page.goto('/myProfile');
    await expect(page).toHaveURL('/login?from=%2FmyProfile');
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.student.email);
    await page.getByLabel('Password').fill(DEMO_ACCOUNTS.student.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/myProfile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('a non-admin on an admin route is signed out and sent to /login', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password);
    await expect(accountMenuButton(page)).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await page.goto('/myProfile');
    await expect(page).toHaveURL('/login?from=%2FmyProfile');
  });

  test('an admin sees the admin menu and reaches All Users', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, '/users');
    await expect(page).toHaveURL('/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await accountMenuButton(page).click();
    for (const item of ['All Users', 'Add Course', 'Draft Courses', 'Add Instructor', 'Add Book', 'Add Blog']) {
      await expect(page.getByRole('link', { name: item })).toBeVisible();
    }
  });

  test('an altered or made-up session cookie counts as signed out everywhere', async ({ playwright }) => {
    // The server reads Auth.js's cookie itself (server/accounts/session-token.ts): prove it refuses what it did not issue.
    const context = await playwright.request.newContext({ baseURL: BASE_URL });
    const login = await context.post('/api/account/login', { data: { email: DEMO_ACCOUNTS.student.email, password: DEMO_ACCOUNTS.student.password } });
    expect(login.status()).toBe(200);
    const cookie = (await context.storageState()).cookies.find((candidate) => candidate.name.endsWith('authjs.session-token'));
    if (!cookie) throw new Error('no session cookie after sign-in');
    expect((await context.get('/api/order')).status()).toBe(200);
    await context.dispose();

    const parts = cookie.value.split('.');
    const flip = (part: string) => (part.startsWith('A') ? 'B' : 'A') + part.slice(1);
    const header = (value: string) => ({ cookie: `${cookie.name}=${value}` });
    const variants = {
      'altered ciphertext': [parts[0], parts[1], parts[2], flip(parts[3] ?? ''), parts[4]].join('.'),
      'altered tag': [parts[0], parts[1], parts[2], parts[3], flip(parts[4] ?? '')].join('.'),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', enc: 'A256CBC-HS512' })).toString('base64url')}.${parts.slice(1).join('.')}`,
      'not a token': 'garbage',
    };
    const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
    for (const [name, value] of Object.entries(variants)) {
      expect((await anonymous.get('/api/order', { headers: header(value) })).status(), name).toBe(401);
      const page = await anonymous.get('/myOrder', { headers: header(value), maxRedirects: 0 });
      expect(page.status(), name).toBe(307);
      expect(page.headers().location, name).toContain('/login');
    }
    await anonymous.dispose();
  });

  test('a forged proxy-bypass header does not open a guarded page', async ({ request }) => {
    const response = await request.get('/users', { headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' }, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toContain('/login');
  });
});

test.describe('brute-force protection', () => {
  test('repeated wrong passwords are refused with 429 and Retry-After', async ({ page, request }) => {
    const email = uniqueEmail('brute');
    await register(page, 'Brute Target', email, 'secret12');
    await expect(page).toHaveURL('/');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await request.post('/api/account/login', { data: { email, password: `wrong-${attempt}` } });
      statuses.push(response.status());
      if (response.status() === 429) expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const correct = await request.post('/api/account/login', { data: { email, password: 'secret12' } });
    expect(correct.status()).toBe(429);
  });

  test('malformed sign-in payloads get a clear 4xx and create nothing', async ({ request }) => {
    const operator = await request.post('/api/account/login', { data: { email: { $ne: null }, password: { $ne: null } } });
    expect(operator.status()).toBe(400);
    const broken = await request.post('/api/account/login', { headers: { 'content-type': 'application/json' }, data: '{not json' });
    expect(broken.status()).toBe(400);
    const huge = await request.post('/api/account/register', { data: { name: 'x'.repeat(100_000), email: 'big@example.com', password: 'secret12' } });
    expect(huge.status()).toBe(413);
    const role = await request.post('/api/account/register', { data: { name: 'Eve', email: uniqueEmail('eve'), password: 'secret12', role: 'admin' } });
    expect(role.status()).toBe(400);
    const crossSite = await request.post('/api/account/login', { headers: { origin: 'https://evil.example' }, data: { email: 'a@b.co', password: 'secret12' } });
    expect(crossSite.status()).toBe(403);
  });

  test('registering a known e-mail gives the same neutral answer and does not sign in', async ({ request }) => {
    const response = await request.post('/api/account/register', { data: { name: 'Copy', email: DEMO_ACCOUNTS.student.email, password: 'whatever1' } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, signedIn: false });
  });
});

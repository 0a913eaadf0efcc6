import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/helpers';

// Contact Us and Privacy Policy journeys (docs/product.md §2 screens, §3 contact message, §5 validation).

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function gotoContact(page: Page): Promise<void> {
  await page.goto('/contact');
  // The form only validates in the browser once it has hydrated.
  await page.waitForLoadState('networkidle');
}

test.describe('Contact Us', () => {
  test('shows the banner, the three contact items and the form', async ({ page }) => {
    await gotoContact(page);
    await expect(page).toHaveTitle('Contact Us | Knowledge Zone');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('an EdTech Platform', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'If You Have Any Query, Feel Free To Contact Us' })).toBeVisible();
    await expect(page.getByText('Call to ask any question')).toBeVisible();
    await expect(page.getByText('Visit our office')).toBeVisible();
    await expect(page.getByText('Dhaka, Bangladesh', { exact: true })).toBeVisible();
    await expect(page.getByText('Email to get free quote')).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: /^\+880/ })).toHaveAttribute('href', /^tel:\+880/);
    await expect(page.getByRole('heading', { name: 'Send Your Message' })).toBeVisible();
    await expect(page.getByRole('img', { name: /support agent/ })).toBeVisible();
    for (const label of ['First Name', 'Last Name', 'Subject', 'Message']) {
      await expect(field(page, label)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/contact$/);
  });

  test('requires every field with a clear message', async ({ page }) => {
    await gotoContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(field(page, 'First Name')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Message').fill('Hi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  });

  test('sends a message and confirms it', async ({ page }) => {
    await gotoContact(page);
    await field(page, 'First Name').fill('Ayesha');
    await field(page, 'Last Name').fill('Rahman');
    await field(page, 'Subject').fill('Class 9 Physics batch');
    await field(page, 'Message').fill('When does the next Class 9 Physics batch start, and is there a trial class?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your message has been sent.' })).toBeVisible();
    await expect(field(page, 'First Name')).toHaveValue('');
  });

  test('shows a red failure message when the message cannot be sent', async ({ page }) => {
    await gotoContact(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The service is temporarily unavailable. Please try again shortly.', code: 'theServiceIsTemporarilyUnavailablePleaseTryAgainShortly' }) }),
    );
    await field(page, 'First Name').fill('Ayesha');
    await field(page, 'Last Name').fill('Rahman');
    await field(page, 'Subject').fill('Class 9 Physics batch');
    await field(page, 'Message').fill('When does the next Class 9 Physics batch start?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'The service is temporarily unavailable' });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/text-red-700/);
    await expect(field(page, 'First Name')).toHaveValue('Ayesha');
  });

  test('loads no third-party frame until asked, and keeps plain links', async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') thirdParty.push(request.url());
    });
    // Offline-safe: the frames' own network requests are answered locally.
    await page.route(/^https:\/\/www\.(google|facebook)\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>embed</p>' }));
    await gotoContact(page);

    await expect(page.locator('iframe')).toHaveCount(0);
    expect(thirdParty).toEqual([]);
    await expect(page.getByRole('link', { name: /View map/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(page.getByRole('link', { name: /Visit our page/ })).toHaveAttribute('href', /facebook\.com/);

    await page.getByRole('button', { name: 'Load map' }).click();
    await expect(page.locator('iframe[title="Map of Dhaka, Bangladesh"]')).toBeAttached();
    await expect(page.locator('iframe')).toHaveCount(1);
  });

  test('degrades to links when offline', async ({ page, context }) => {
    await gotoContact(page);
    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'Load map' })).toHaveCount(0);
    await expect(page.getByText('You are offline.').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /View map/ })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Load map' })).toBeVisible();
  });

  test('passes an axe scan', async ({ page }) => {
    await gotoContact(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('Privacy Policy', () => {
  test('shows the five sections in order', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveTitle('Privacy Policy | Knowledge Zone');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const sections = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(sections).toHaveText([
      '1. Overview',
      '2. User Provided Information',
      '3. Automatically Collected Information',
      '4. How Information Is Collected',
      '5. Cookies',
    ]);
    await expect(page.getByText(/do not use advertising, analytics or other tracking cookies/)).toBeVisible();
  });

  test('is reachable from the footer and passes an axe scan', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expectNoAxeViolations(page);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/helpers';

// The Bengali site (issue 22): its addresses, the language switcher, what search engines get, and
// Bengali texts, digits and axe on the main screens. Texts come from the message files, so a
// wording change there does not break the journey; a missing translation does (the page would show
// English or the key).

type Tree = { [key: string]: string | Tree };
const readMessages = (locale: 'en' | 'bn') => JSON.parse(readFileSync(path.resolve(__dirname, `../messages/${locale}.json`), 'utf8')) as Tree;
const BN = readMessages('bn');

function text(tree: Tree, key: string): string {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
}
const bn = (key: string) => text(BN, key);

const BENGALI_DIGIT = /[০-৯]/;

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [device, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${device}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the Bengali home page: lang, Bengali navigation, hreflang alternates, no axe violations', async ({ page }) => {
  await page.goto('/bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const nav = page.getByRole('navigation', { name: bn('nav.main') });
  await expect(nav.getByRole('link', { name: bn('nav.academic') })).toHaveAttribute('href', '/bn/classes');
  // The English home is the site's root (written with or without its slash).
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/?$/);
  await expect(page.locator('link[rel="alternate"][hreflang="bn"]')).toHaveAttribute('href', /\/bn$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/?$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/bn$/);
  await screenshots(page, 'home-bn');
  await expectNoAxeViolations(page);
});

test('the switcher keeps the visitor on the same page, with its query, and the choice is remembered on the home page', async ({ page, context }) => {
  await page.goto('/classes/nine?sort=price-asc');
  await page.getByRole('banner').getByRole('link', { name: 'বাংলায় পড়ুন (Read in Bengali)' }).click();
  await expect(page).toHaveURL(/\/bn\/classes\/nine\?sort=price-asc$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  // Prices keep dollars but are written with Bengali digits.
  await expect(page.locator('main').getByText(/US\$/).first()).toHaveText(BENGALI_DIGIT);
  await screenshots(page, 'class-nine-bn');
  await expectNoAxeViolations(page);
  // The bare home page now opens in Bengali; a visitor without the cookie (a crawler) gets English.
  await page.goto('/');
  await expect(page).toHaveURL(/\/bn$/);
  await page.getByRole('banner').getByRole('link', { name: 'Read in English (ইংরেজিতে পড়ুন)' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.clearCookies();
  const crawler = await page.request.get('/', { maxRedirects: 0 });
  expect(crawler.status()).toBe(200);
});

test('a first visit whose browser asks for Bengali first opens the Bengali home; other addresses are served as asked', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'bn-BD', extraHTTPHeaders: { 'Accept-Language': 'bn-BD,bn;q=0.9,en;q=0.8' } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/bn$/);
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('English keeps its addresses: /en/... redirects to the unprefixed page', async ({ request }) => {
  const answer = await request.get('/en/courses', { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toMatch(/\/courses$/);
});

test('the sitemap lists every page in both languages with its alternates', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/bn\/classNine\/coursesInfo\/[0-9a-f]{24}<\/loc>/);
  expect(sitemap).toMatch(/hreflang="bn"/);
  expect(sitemap).toMatch(/hreflang="x-default"/);
});

test('an unknown Bengali address is the 404 page in Bengali', async ({ page }) => {
  const answer = await page.goto('/bn/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: bn('notFound.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

test('a signed-out visitor of a Bengali account page is sent to the Bengali login and back', async ({ page }) => {
  await page.goto('/bn/myOrder');
  await expect(page).toHaveURL(/\/bn\/login\?from=%2Fbn%2FmyOrder$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

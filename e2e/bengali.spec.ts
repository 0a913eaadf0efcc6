import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../lib/money';
import type { Money } from '../lib/money';
import { COURSES } from '../scripts/seed-data/courses';
import { expectNoAxeViolations } from './support/helpers';

// The Bengali site: its addresses, the language switcher, what search engines get, and
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
  // Prices are written with Bengali digits (taka first, then dollars).
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
  const answer = await request.get('/en/courses', { maxRedirects: 0, headers: { Accept: 'text/html' } });
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

// The Bengali of an English text the site shows, found through the key that holds it (the first
// key with exactly that English, or the given one).
const EN_FLAT = flatten(readMessages('en'));
const BN_FLAT = flatten(BN);
function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}
function bnOf(english: string, key?: string): string {
  const found = key ?? [...EN_FLAT].find(([, text]) => text === english)?.[0];
  const bengali = found ? BN_FLAT.get(found) : undefined;
  if (!bengali) throw new Error(`no Bengali for "${english}"`);
  return bengali;
}

const PHYSICS_BN = 'নবম শ্রেণির পদার্থবিজ্ঞান';

test('a course list, a course and its JSON-LD in Bengali, with Bengali digits and the admin-given Bengali title', async ({ page }) => {
  await page.goto('/bn/classes/nine');
  await page.getByRole('link', { name: PHYSICS_BN, exact: true }).click();
  await expect(page).toHaveURL(/\/bn\/classNine\/coursesInfo\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: PHYSICS_BN })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { name?: string; url?: string };
  expect(data.name).toBe(PHYSICS_BN);
  expect(data.url).toMatch(/\/bn\/classNine\/coursesInfo\//);
  await expect(page.locator('main')).toContainText(/২২\.০০/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/bn\/classNine\/coursesInfo\/[0-9a-f]{24}$/);
  await screenshots(page, 'course-bn');
  await expectNoAxeViolations(page);
});

const PHYSICS_EN = 'Physics for Class Nine';

/** The two amounts a price shows, as the page writes them: the first one, then the second in its lighter span. */
async function shownPrices(price: Locator): Promise<{ text: string; first: { size: number }; second: { size: number } }> {
  return price.evaluate((element) => {
    const [first, second] = [...element.querySelectorAll(':scope > span:not(.sr-only)')].map((span) => ({ size: parseFloat(getComputedStyle(span).fontSize) }));
    return { text: element.textContent ?? '', first: first ?? { size: 0 }, second: second ?? { size: 0 } };
  });
}

/** `earlier` comes before `later` in `text`, and both are there. */
function expectInOrder(text: string, earlier: string, later: string): void {
  expect(text).toContain(earlier);
  expect(text).toContain(later);
  expect(text.indexOf(earlier)).toBeLessThan(text.indexOf(later));
}

test('a course card and its page show the price in dollars and taka: dollars first in English, taka first in Bengali digits', async ({ page }) => {
  const course = COURSES.find((candidate) => candidate.title === PHYSICS_EN);
  expect(course?.pricePaisa, 'the seed prices Physics for Class Nine in taka').toBeGreaterThanOrEqual(1000);
  if (!course?.pricePaisa) return;
  const dollars: Money = { currency: 'usd', minor: course.priceCents };
  const taka: Money = { currency: 'bdt', minor: course.pricePaisa };
  expect(formatMoney(dollars, 'en')).toMatch(/^\$\d+\.\d\d$/);
  expect(formatMoney(taka, 'en')).toMatch(/^৳[\d,]+$/);
  expect(formatMoney(taka, 'bn')).toMatch(/^[০-৯,]+৳$/);

  for (const [locale, title, listPath] of [['en', PHYSICS_EN, '/classes/nine'], ['bn', PHYSICS_BN, '/bn/classes/nine']] as const) {
    const [first, second] = locale === 'en' ? [dollars, taka] : [taka, dollars];
    // On a 360 px phone the card's price stays on the card, each amount whole.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(listPath);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    const cardPrice = card.locator('p').filter({ hasText: locale === 'en' ? 'Price' : bnOf('Price', 'courseCard.price') });
    const onCard = await shownPrices(cardPrice);
    expectInOrder(onCard.text, formatMoney(first, locale), formatMoney(second, locale));
    expect(onCard.second.size).toBeLessThan(onCard.first.size);
    const [cardBox, priceBox] = [await card.boundingBox(), await cardPrice.boundingBox()];
    expect(priceBox && cardBox && priceBox.x + priceBox.width <= cardBox.x + cardBox.width).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const pagePrice = page.getByRole('complementary').locator('p').filter({ hasText: locale === 'en' ? 'Price' : bnOf('Price', 'course.price') }).first();
    const onPage = await shownPrices(pagePrice);
    expectInOrder(onPage.text, formatMoney(first, locale), formatMoney(second, locale));
    expect(onPage.second.size).toBeLessThan(onPage.first.size);
    if (locale === 'bn') expect(onPage.text).not.toMatch(/[0-9]/);

    // One Offer per currency for search engines, whatever the page's language.
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { offers?: unknown };
    expect(data.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', priceCurrency: 'USD', price: (course.priceCents / 100).toFixed(2) }),
      expect.objectContaining({ '@type': 'Offer', priceCurrency: 'BDT', price: (course.pricePaisa / 100).toFixed(2) }),
    ]);
  }
  await expectNoAxeViolations(page);
});

test('an English page with taka prices fetches only the every-page cut of the Bengali font, for the switcher’s বাংলা and the ৳; a Bengali page the whole font', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/fonts/')) fonts.push(pathname);
  });
  const loadedFaces = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`);
    });

  await page.goto('/classes/nine');
  await expect(page.getByRole('banner').getByRole('link', { name: 'বাংলায় পড়ুন (Read in Bengali)' })).toHaveText('বাংলা');
  await expect(page.getByText(/৳[\d,]+/).first()).toBeVisible();
  const english = await loadedFaces();
  expect(english).toContain('Noto Sans Bengali KZ Endonyms 400');
  expect(english.filter((face) => face.startsWith('Noto Sans Bengali KZ Taka ')).length, 'the taka sign’s face').toBeGreaterThan(0);
  expect(english.filter((face) => /^Noto Sans Bengali KZ \d/.test(face)), 'the whole Bengali font').toEqual([]);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((font) => /^\/fonts\/noto-sans-bengali-every-page-\d00\.woff2$/.test(font))).toBe(true);

  fonts.length = 0;
  await page.goto('/bn/classes/nine');
  expect(await loadedFaces()).toEqual(expect.arrayContaining(['Noto Sans Bengali KZ 400', 'Noto Sans Bengali KZ 700']));
  expect(fonts).toEqual(expect.arrayContaining(['/fonts/noto-sans-bengali-bengali-400-normal.woff2']));
});

test('search from the Bengali header finds a course by its Bengali title, and by its English one', async ({ page }) => {
  await page.goto('/bn');
  const box = page.getByRole('banner').getByRole('combobox', { name: bnOf('Search courses, books and instructors') });
  await box.fill('পদার্থ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/bn\/searchCourse\//);
  await expect(page.getByRole('link', { name: PHYSICS_BN, exact: true })).toBeVisible();
  await page.goto('/bn/searchCourse/Physics%20for%20Class%20Nine');
  await expect(page.getByRole('link', { name: PHYSICS_BN, exact: true })).toBeVisible();
  await screenshots(page, 'search-bn');
  await expectNoAxeViolations(page);
});

test('login on the Bengali site shows the validation errors in Bengali', async ({ page }) => {
  await page.goto('/bn/login');
  await page.getByRole('main').getByRole('button', { name: bnOf('Login', 'login.submit'), exact: true }).click();
  await expect(page.getByText(bnOf('email is requires'))).toBeVisible();
  await expect(page.getByText(bnOf('password is requires'))).toBeVisible();
  await screenshots(page, 'login-bn');
  await expectNoAxeViolations(page);
});

const TEN_EN = 'Physics for Class Ten: Electricity and Waves';
const TEN_BN = 'দশম শ্রেণির পদার্থবিজ্ঞান: তড়িৎ ও তরঙ্গ';

test('a new learner registers, buys and pays on the Bengali site, then opens the lesson player in Bengali', async ({ page }) => {
  const email = `bangla-${Date.now().toString(36)}@example.com`;
  await page.goto('/bn/register');
  await expect(page.getByRole('banner').getByRole('link', { name: bnOf('Login', 'nav.login'), exact: true })).toBeVisible();
  await page.getByLabel(bnOf('Name', 'auth.name')).fill('Sumaiya Akter');
  await page.getByLabel(bnOf('Email', 'auth.email')).fill(email);
  await page.getByLabel(bnOf('Password', 'auth.password')).fill('secret12');
  await page.getByRole('button', { name: bnOf('Register', 'register.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/bn$/);

  // Not Physics for Class Nine: the catalogue journey checks its enrolment count.
  await page.goto('/bn/classes/ten');
  await page.getByRole('link', { name: TEN_BN, exact: true }).click();
  const buy = page.getByRole('button', { name: bnOf('Buy Now') });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/bn\/payment\/[0-9a-f]{24}$/);
  // The order was placed with the English name; the Bengali page names the item in Bengali.
  await expect(page.getByText(TEN_EN)).toHaveCount(0);
  await expect(page.locator('main')).toContainText(/২৪\.০০/);
  await expect(page.getByRole('heading', { level: 2, name: TEN_BN })).toBeVisible();
  // The Bengali page offers taka first (bKash chosen); this buyer pays by card in dollars.
  await expect(page.getByRole('radio', { name: new RegExp(bnOf('bKash', 'payment.methods.bkash.name')) })).toBeChecked();
  await page.getByRole('radio', { name: new RegExp(bnOf('Card in US dollars')) }).check();
  const confirm = page.getByRole('button', { name: bnOf('Confirm Payment') });
  await expect(confirm).toBeEnabled();
  await page.getByLabel(bnOf('Card number')).fill('4242 4242 4242 4242');
  await page.getByLabel(bnOf('Expiry (MM / YY)')).fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await screenshots(page, 'payment-bn');
  await confirm.click();
  // Straight into the first lesson, which confirms the payment in Bengali.
  await expect(page).toHaveURL(/\/bn\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}\?welcome=[0-9a-f]{24}$/);
  await expect(page.getByRole('status').getByRole('heading', { name: /পেমেন্ট পাওয়া গেছে$/ })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${TEN_BN} এখন আপনার।`);

  await page.goto('/bn/myCollection');
  await page.getByRole('listitem').filter({ hasText: TEN_BN }).getByRole('link', { name: new RegExp(bnOf('Start', 'collection.start')) }).click();
  await expect(page).toHaveURL(/\/bn\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('navigation', { name: bnOf('Course content', 'player.courseContent') }).first()).toBeAttached();
  await screenshots(page, 'player-bn');
  await expectNoAxeViolations(page);
});

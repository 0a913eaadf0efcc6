import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { COURSES } from '../scripts/seed-data/courses';
import { demoPricePaisa } from '../scripts/seed-data/prices';
import { expectNoAxeViolations } from './support/helpers';
import { openDatabase } from './support/fuzz-db';
import { announceChange, announceChangeAndWait } from './support/public-changes';

// Sorting and filtering the course lists, the Books List and search on the production
// build: the view lives in the address (kept through paging, one spelling per view), the canonical
// link stays the plain list and the variants are noindex, the controls work with the keyboard and
// without JavaScript, and a sorted list is cached like a list yet shows a catalogue change at once.

const LIST = '/classes/twelve';
const GRID = 'Class 12 courses';
const PAGES = 'Class 12 pages';
const PREFIX = 'Sorting Journey';

/** Thirty extra Class 12 courses (two pages with the seed's), prices from free up, a few rated. */
function journeyCourses(): Record<string, unknown>[] {
  const template = COURSES.find((course) => course.classCourse === 'classTwelve');
  if (!template) throw new Error('the seed has a Class 12 course');
  return Array.from({ length: 30 }, (_, index) => {
    const rating = index % 5 === 0 ? { rating: { count: 2, sum: 9, stars: [0, 0, 0, 1, 1] }, averageRating: 4.5 } : {};
    // Three free courses; the rest tie in pairs, so paging crosses equal prices.
    const priceCents = index < 3 ? 0 : 300 + Math.floor(index / 2) * 100;
    return {
      ...template,
      _id: new ObjectId(),
      title: `${PREFIX} ${String(index + 1).padStart(2, '0')}`,
      priceCents,
      pricePaisa: demoPricePaisa(priceCents),
      // Newer than the seed's, so the plain list opens with them.
      createdAt: new Date(Date.now() - index * 60_000),
      ...rating,
    };
  });
}

let database: Awaited<ReturnType<typeof openDatabase>>;
let inserted: Record<string, unknown>[];

test.beforeAll(async () => {
  database = await openDatabase();
  inserted = journeyCourses();
  await database.db.collection('courses').insertMany(inserted);
  await announceChange(database.db);
});

test.afterAll(async ({ browser }) => {
  await database.db.collection('courses').deleteMany({ title: { $regex: `^${PREFIX}` } });
  const context = await browser.newContext();
  await announceChangeAndWait(database.db, context.request);
  await context.close();
  await database.close();
});

/** The dollar prices the cards show, in order: "Free" is 0, "$12.00 · ৳1,450" is 1200 (the sort is by dollars). */
async function pricesIn(grid: Locator): Promise<number[]> {
  const labels = await grid.locator('li p').filter({ hasText: 'Price:' }).allTextContents();
  return labels.map((label) => {
    const text = label.replace('Price:', '').trim();
    const dollars = /\$([\d,]+\.\d\d)/.exec(text)?.[1];
    return text === 'Free' ? 0 : Math.round(Number(dollars?.replace(/,/g, '') ?? Number.NaN) * 100);
  });
}

function ascending(values: number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! <= value);
}

function descending(values: number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! >= value);
}

async function canonicalOf(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

/** Waits until the list shows what the announcement made every instance render again. */
async function openUntil(page: Page, path: string, ready: () => Promise<boolean>): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    expect(await ready()).toBe(true);
  }).toPass({ timeout: 10_000 });
}

test('sorting a course list by price keeps the order and the address through paging', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openUntil(page, LIST, async () => (await page.getByRole('link', { name: `${PREFIX} 01` }).count()) === 1);
  // The plain list is the indexed copy: its own canonical address, no noindex.
  expect(await canonicalOf(page)).toMatch(/\/classes\/twelve$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(`${LIST}?sort=price-asc`);
  const grid = page.getByRole('list', { name: GRID });
  await expect(grid.getByRole('listitem')).toHaveCount(24);
  const first = await pricesIn(grid);
  expect(ascending(first), first.join(', ')).toBe(true);
  expect(first.slice(0, 3)).toEqual([0, 0, 0]);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  // A sorted list is not indexed on its own; its canonical is the plain list.
  expect(await canonicalOf(page)).toMatch(/\/classes\/twelve$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: PAGES }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${LIST}/page/2?sort=price-asc`);
  const second = await pricesIn(grid);
  expect(second.length).toBeGreaterThan(0);
  expect(ascending([...first, ...second]), [...first, ...second].join(', ')).toBe(true);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  expect(await canonicalOf(page)).toMatch(/\/classes\/twelve\/page\/2$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

  // High to low reads the other way, and a page of it can be opened directly.
  await page.goto(`${LIST}?sort=price-desc`);
  expect(descending(await pricesIn(grid))).toBe(true);
});

test('the free filter shows only free courses, and an empty state when nothing matches', async ({ page }) => {
  await openUntil(page, `${LIST}?price=free`, async () => (await page.getByRole('link', { name: `${PREFIX} 01` }).count()) === 1);
  const grid = page.getByRole('list', { name: GRID });
  const prices = await pricesIn(grid);
  expect(prices).toEqual([0, 0, 0]);
  await expect(page.getByLabel('Price')).toHaveValue('free');

  await page.getByLabel('Rating').selectOption('4.5');
  await expect(page).toHaveURL(`${LIST}?price=free&rating=4.5`);
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('link', { name: `${PREFIX} 01` })).toBeVisible();

  await page.getByLabel('Price').selectOption('paid');
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(`${LIST}?sort=rating&price=paid&rating=4.5`);
  expect((await pricesIn(grid)).every((price) => price > 0)).toBe(true);

  await page.goto(`/books?price=free`);
  await expect(page.getByText('No books match these filters.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL('/books');
  await expect(page.getByRole('list', { name: 'Books' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveCount(0);
});

test('the controls work with the keyboard', async ({ page }) => {
  await page.goto(LIST);
  const sort = page.getByLabel('Sort by');
  await sort.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(`${LIST}?sort=price-asc`);
  // The view is another rendering; the control just used keeps the focus.
  await expect(sort).toBeFocused();
  await expect(sort).toHaveValue('price-asc');

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Price')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(`${LIST}?sort=price-asc&price=free`);
  await expect(page.getByLabel('Price')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Rating')).toBeFocused();
  await page.keyboard.press('Tab');
  const clear = page.getByRole('link', { name: 'Clear filters' });
  await expect(clear).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(LIST);
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');
});

test('without JavaScript the controls are a form that applies the view', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const cheapest = await database.db.collection('books').find({}, { projection: { bookName: 1 } }).sort({ priceCents: 1, _id: 1 }).limit(1).next();
    await page.goto('/books');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The form sends every field; the address is tidied to the view's one spelling.
    await expect(page).toHaveURL('/books?sort=price-asc');
    await expect(page.getByRole('list', { name: 'Books' }).getByRole('heading').first()).toHaveText(String(cheapest?.bookName), { ignoreCase: true });
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  } finally {
    await context.close();
  }
});

test('search results can be sorted and filtered, with the same rules', async ({ page }) => {
  await page.goto('/searchCourse/math');
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL('/searchCourse/math?sort=price-desc');
  const results = page.getByRole('list', { name: 'Search results' });
  const first = await pricesIn(results);
  expect(first).toHaveLength(12);
  expect(descending(first), first.join(', ')).toBe(true);
  expect(await canonicalOf(page)).toMatch(/\/searchCourse\/math$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Search result pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/searchCourse/math?sort=price-desc&page=2');
  expect(descending([...first, ...(await pricesIn(results))])).toBe(true);

  await page.goto('/searchCourse/math?price=free');
  await expect(page.getByText('No courses match these filters.')).toBeVisible();
});

test('addresses: unknown values go to the plain list, and the internal route is not public', async ({ request }) => {
  for (const [asked, landed] of [
    [`${LIST}?sort=bogus`, LIST],
    [`${LIST}?sort=newest&price=any&rating=any`, LIST],
    [`${LIST}?rating=4&sort=price-asc`, `${LIST}?sort=price-asc&rating=4`],
    ['/books?sort=popular', '/books'],
  ]) {
    const answer = await request.get(asked!, { maxRedirects: 0 });
    expect(answer.status(), asked).toBe(307);
    const location = new URL(answer.headers().location ?? '', 'http://site.test');
    expect(`${location.pathname}${location.search}`, asked).toBe(landed);
  }
  expect((await request.get('/catalogue-view/classTwelve/price-asc_any_any/1', { maxRedirects: 0 })).status()).toBe(404);
  // A page past the end of a view is a 404, not an error.
  expect((await request.get(`${LIST}/page/9?sort=price-asc`)).status()).toBe(404);
});

test('a sorted list is cached like a list and shows a catalogue change at once', async ({ request, page }) => {
  const path = `${LIST}?sort=price-asc&price=paid`;
  await request.get(path);
  const again = await request.get(path);
  expect(again.status()).toBe(200);
  expect(again.headers()['x-kz-page-cache']).toBe('HIT');

  // The last journey course becomes the cheapest paid one; the announcement reaches the cached variant.
  const last = inserted[inserted.length - 1]!;
  await database.db.collection('courses').updateOne({ _id: last._id as ObjectId }, { $set: { priceCents: 100 } });
  await announceChange(database.db);
  await openUntil(page, path, async () => (await page.getByRole('list', { name: GRID }).getByRole('heading').first().textContent()) === last.title);
});

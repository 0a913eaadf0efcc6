import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, accountMenuButton } from './support/helpers';

// Layout rough edges on a phone and a desktop: the live-class grade tabs fit, All Users
// is a card list on phones, the admin's card icons leave the course cover alone, and the footer
// shows no app-store or social link that was not configured.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  const answer = await page.request.post('/api/account/login', { data: { email: account.email, password: account.password } });
  expect(answer.status()).toBe(200);
}

/** How many lines of text an element takes. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test.describe('the live-class grade tabs', () => {
  for (const viewport of [PHONE, { width: 320, height: 700 }, DESKTOP]) {
    test(`fit their bar and their labels fit their tabs at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/gradeTwelve');
      const nav = page.getByRole('navigation', { name: 'Grade groups' });
      await nav.scrollIntoViewIfNeeded();
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(3);
      await expect(nav.getByRole('link', { name: 'Grades 9 to 12' })).toHaveAttribute('aria-current', 'page');
      // Nothing scrolls sideways or spills out of its pill.
      expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      for (const link of await links.all()) {
        expect(await link.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      }
    });
  }
});

test.describe('All Users', () => {
  test('is a card list on a phone, with whole e-mail addresses, and the table on a desktop', async ({ page }) => {
    await signInAs(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize(PHONE);
    await page.goto('/users');
    const cards = page.getByRole('list', { name: 'Users' });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const own = cards.getByRole('listitem').filter({ hasText: DEMO_ACCOUNTS.admin.email });
    await expect(own.getByText('ADMIN', { exact: true })).toBeVisible();
    // The address is on one line (in the table's narrow column it broke every few characters).
    expect(await lineCount(own.getByText(DEMO_ACCOUNTS.admin.email, { exact: true }))).toBe(1);
    await expect(own.getByRole('button', { name: `Delete ${DEMO_ACCOUNTS.admin.email}` })).toBeDisabled();
    const student = cards.getByRole('listitem').filter({ hasText: DEMO_ACCOUNTS.student.email });
    await expect(student.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(cards).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: DEMO_ACCOUNTS.student.email }).getByRole('button', { name: 'Make Admin' })).toBeVisible();
  });
});

test.describe('course cards', () => {
  test("keep the admin's edit and delete icons off the cover, beside the price", async ({ page }) => {
    await signInAs(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize(DESKTOP);
    await page.goto('/classes/nine');
    await expect(accountMenuButton(page)).toBeVisible();
    const card = page.getByRole('list', { name: 'Class 9 courses' }).getByRole('article').first();
    const edit = card.getByRole('link', { name: /^Edit / });
    await expect(edit).toBeVisible();
    const cover = await card.locator('img').first().boundingBox();
    const editBox = await edit.boundingBox();
    const deleteBox = await card.getByRole('button', { name: /^Delete / }).boundingBox();
    expect(cover && editBox && deleteBox).toBeTruthy();
    if (!cover || !editBox || !deleteBox) return;
    expect(editBox.y).toBeGreaterThanOrEqual(cover.y + cover.height);
    expect(deleteBox.y).toBeGreaterThanOrEqual(cover.y + cover.height);
    await expect(card).toContainText(/Price: \$\d+\.\d{2}/);
  });
});

test.describe('the footer', () => {
  test('shows no app-store or social link when none is configured', async ({ page }) => {
    await page.goto('/privacy');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    for (const name of ['Google Play', 'App Store', 'Facebook', 'YouTube', 'Instagram', 'LinkedIn']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    }
    await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
  });
});

test.describe('the home reviews', () => {
  test('leave no empty row for carousel buttons where every review fits', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Reviews', exact: true });
    await region.scrollIntoViewIfNeeded();
    await expect(region).toHaveAttribute('data-ready', 'true');
    const heading = await page.getByRole('heading', { level: 2, name: 'What Our Learners Say' }).boundingBox();
    const firstSlide = await region.locator('[aria-roledescription="slide"]').first().boundingBox();
    expect(heading && firstSlide).toBeTruthy();
    if (!heading || !firstSlide) return;
    // The heading's own margin (2 rem) and nothing more.
    expect(firstSlide.y - (heading.y + heading.height)).toBeLessThanOrEqual(40);
    await expect(region.getByRole('button', { name: 'Next slide' })).toBeHidden();

    // On a phone one review shows at a time: the buttons are there.
    await page.setViewportSize(PHONE);
    await expect(region.getByRole('button', { name: 'Next slide' })).toBeVisible();
  });
});

test.describe('the header on a 360 px phone (the most common Android width) and a 320 px one', () => {
  for (const [locale, width] of [['', 360], ['/bn', 360], ['', 320], ['/bn', 320]] as const) {
    test(`fits ${width} px without sideways scrolling, signed out and signed in${locale ? ', in Bengali' : ''}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 780 });
      const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto(`${locale}/login`);
      await expect(page.getByRole('banner').getByRole('button', { name: /Search courses, books and instructors|কোর্স, বই ও প্রশিক্ষক খুঁজুন/ })).toBeVisible();
      await fits();
      await signInAs(page, DEMO_ACCOUNTS.student);
      await page.goto(`${locale}/myCollection`);
      await expect(page.getByRole('banner').getByRole('button', { name: /Account menu for|অ্যাকাউন্ট মেনু/ })).toBeVisible();
      await fits();
    });
  }
});

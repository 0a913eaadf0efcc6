import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/helpers';

// Home page journey (docs/product.md §2 "Home sections", §9 carousel counts), against the seeded catalogue.

const ACADEMIC_HREFS = [
  '/classes', '/classes/two', '/classes/three', '/classes/four', '/classes/five', '/classes/six',
  '/classes/seven', '/classes/eight', '/classes/nine', '/classes/ten', '/classes/eleven',
];

const SKILL_HREFS = [
  '/courses', '/courses/discountCourse', '/courses/specialCourse',
  '/courses/IslamicCourse', '/courses/KidsCourse', '/courses/EntertainingCourse',
];

function carousel(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A carousel is set up once it comes near the screen; its buttons do nothing before. */
async function ready(region: Locator): Promise<Locator> {
  await region.scrollIntoViewIfNeeded();
  await expect(region).toHaveAttribute('data-ready', 'true');
  return region;
}

function slides(region: Locator): Locator {
  return region.locator('[aria-roledescription="slide"]');
}

function slide(region: Locator, label: string): Locator {
  return region.getByRole('group', { name: label, exact: true });
}

async function leftOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not rendered');
  return Math.round(box.x);
}

test.describe('home page', () => {
  test('shows the welcome banner and every section of the spec', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Knowledge Zone — an EdTech Platform');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome To The Future Of Learning' })).toBeVisible();
    await expect(page.getByText(/Adaptive self-learning courses and personalised 1-on-1 classes for ages 4-18\+/)).toBeVisible();
    for (const heading of ['Our Available Books', 'Academic Courses', 'Our Investors', 'Our Brands & Products', 'Live Classes']) {
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('50+ Investors who have been strong partners in our growth story')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/?$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Knowledge Zone — an EdTech Platform');
  });

  test('lists the last six books, each linking to its detail page', async ({ page }) => {
    await page.goto('/');
    const books = carousel(page, 'Our Available Books');
    await expect(slides(books)).toHaveCount(6);
    const links = books.getByRole('link');
    await expect(links).toHaveCount(6);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))) {
      expect(href).toMatch(/^\/book\/[0-9a-f]{24}$/);
    }
  });

  test('links the eleven academic slides and six skill banners to their lists', async ({ page }) => {
    await page.goto('/');
    const academic = carousel(page, 'Academic Courses');
    await expect(slides(academic)).toHaveCount(11);
    await expect(slide(academic, '1 of 11')).toBeVisible();
    expect(await academic.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(ACADEMIC_HREFS);
    await expect(academic.getByRole('link', { name: 'Class 11-12 academic courses' })).toHaveAttribute('href', '/classes/eleven');

    const skills = carousel(page, 'Skill Development Courses');
    await expect(slides(skills)).toHaveCount(6);
    expect(await skills.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(SKILL_HREFS);
  });

  test('shows ten investors, six brands and the newest three reviews with star ratings', async ({ page }) => {
    await page.goto('/');
    await expect(slides(carousel(page, 'Our Investors'))).toHaveCount(10);
    await expect(slides(carousel(page, 'Our Brands & Products'))).toHaveCount(6);
    const reviews = carousel(page, 'Reviews');
    await expect(slides(reviews)).toHaveCount(3);
    await expect(reviews.getByRole('img', { name: /^Rated [0-5](\.\d+)? out of 5$/ })).toHaveCount(3);
    await expect(reviews.locator('blockquote')).toHaveCount(3);
  });

  test('splits the live programmes 1-on-1 … 12-on-12 into the grade groups index, gradeEight and gradeTwelve', async ({ page }) => {
    const groups = [
      { path: '/', label: 'Grades 1 to 3', sizes: [1, 2, 3] },
      { path: '/gradeEight', label: 'Grades 4 to 8', sizes: [4, 5, 6, 7, 8] },
      { path: '/gradeTwelve', label: 'Grades 9 to 12', sizes: [9, 10, 11, 12] },
    ];
    const programmeCards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /^Live \d+-on-\d+$/ }) });
    for (const group of groups) {
      await page.goto(group.path);
      // The whole home page is there on every grade group: the layout, then the group's cards.
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome To The Future Of Learning' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Grade groups' });
      await expect(nav.getByRole('link', { name: group.label })).toHaveAttribute('aria-current', 'page');
      await expect(programmeCards).toHaveCount(group.sizes.length);
      for (const size of group.sizes) {
        const card = programmeCards.filter({ has: page.getByRole('heading', { name: `Live ${size}-on-${size}`, exact: true }) });
        await expect(card).toHaveCount(1);
        await expect(card.getByText('Coding', { exact: true })).toBeVisible();
        await expect(card.getByText('Music', { exact: true })).toBeVisible();
        await expect(card.getByRole('link', { name: `EXPLORE Live ${size}-on-${size}` })).toHaveAttribute('href', '/classes');
      }
      await expect(page).toHaveTitle(group.path === '/' ? 'Knowledge Zone — an EdTech Platform' : /^Live classes for grades .* \| Knowledge Zone$/);
      const canonical = group.path === '/' ? /^https?:\/\/[^/]+\/?$/ : new RegExp(`^https?://[^/]+${group.path}$`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    }
    // The old 3-on-3 card described itself as 1-on-1; ours describes its own group.
    await page.goto('/');
    const threeOnThree = programmeCards.filter({ has: page.getByRole('heading', { name: 'Live 3-on-3', exact: true }) });
    await expect(threeOnThree).toContainText('group of 3');
    await expect(threeOnThree).not.toContainText('1-on-1');
  });

  test('switches grade groups in place, by keyboard too', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Grade groups' });
    await nav.scrollIntoViewIfNeeded();
    // Where the visitor sees the menu. (Not window.scrollY: the sections above are laid out only
    // once near the screen, so scrollY changes while the browser keeps the menu still.)
    const onScreen = async () => (await nav.boundingBox())?.y ?? Number.NaN;
    const before = await onScreen();
    await nav.getByRole('link', { name: 'Grades 9 to 12' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gradeTwelve$/);
    await expect(page.getByRole('heading', { level: 3, name: 'Live 12-on-12', exact: true })).toBeVisible();
    // The page stays where the visitor was (no jump back to the top).
    expect(Math.abs((await onScreen()) - before)).toBeLessThan(200);
  });

  test('passes an axe scan', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
  });
});

test.describe('home carousels', () => {
  // Reduced motion: no autoplay and no scroll animation, so positions are deterministic.
  test.use({ reducedMotion: 'reduce' });

  test('move with the previous and next buttons', async ({ page }) => {
    await page.goto('/');
    const academic = await ready(carousel(page, 'Academic Courses'));
    const start = await leftOf(slide(academic, '1 of 11'));

    await academic.getByRole('button', { name: 'Next slide' }).click();
    await expect(academic.getByText('Slide 2 of 11')).toBeAttached();
    await expect.poll(() => leftOf(slide(academic, '2 of 11'))).toBe(start);

    await academic.getByRole('button', { name: 'Previous slide' }).click();
    await expect(academic.getByText('Slide 1 of 11')).toBeAttached();
    await expect.poll(() => leftOf(slide(academic, '1 of 11'))).toBe(start);
  });

  test('move with the arrow keys', async ({ page }) => {
    await page.goto('/');
    const investors = await ready(carousel(page, 'Our Investors'));
    const start = await leftOf(slide(investors, '1 of 10'));

    await investors.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(investors.getByText('Slide 3 of 10')).toBeAttached();
    await expect.poll(() => leftOf(slide(investors, '3 of 10'))).toBe(start);

    await page.keyboard.press('ArrowLeft');
    await expect(investors.getByText('Slide 2 of 10')).toBeAttached();
  });

  test('do not rotate on their own when the visitor prefers reduced motion', async ({ page }) => {
    await page.goto('/');
    const brands = await ready(carousel(page, 'Our Brands & Products'));
    await expect(brands.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    const start = await leftOf(slide(brands, '1 of 6'));
    await page.waitForTimeout(5600);
    expect(await leftOf(slide(brands, '1 of 6'))).toBe(start);
  });
});

test.describe('home carousel autoplay', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('rotates every five seconds, pauses on hover and can be paused', async ({ page }) => {
    await page.goto('/');
    await page.mouse.move(0, 0);
    const brands = await ready(carousel(page, 'Our Brands & Products'));
    const first = slide(brands, '1 of 6');
    const start = await leftOf(first);
    await expect.poll(() => leftOf(first), { timeout: 8000 }).not.toBe(start);

    await brands.hover();
    await page.waitForTimeout(1000); // let a move that had already started finish
    const hovered = await leftOf(first);
    await page.waitForTimeout(5600);
    expect(await leftOf(first)).toBe(hovered);

    await brands.getByRole('button', { name: 'Pause automatic slide show' }).click();
    await expect(brands.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    await page.mouse.move(0, 0);
    const paused = await leftOf(first);
    await page.waitForTimeout(5600);
    expect(await leftOf(first)).toBe(paused);
  });

  test('are set up and rotate only near the screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.mouse.move(0, 0);
    const brands = carousel(page, 'Our Brands & Products');
    const first = slide(brands, '1 of 6');
    const start = await leftOf(first);
    // Far below the first screen: not set up, so it stays on its first slide.
    await page.waitForTimeout(5600);
    await expect(brands).not.toHaveAttribute('data-ready');
    expect(await leftOf(first)).toBe(start);
    // Scrolled to, it is set up and starts rotating.
    await ready(brands);
    const shown = await leftOf(first);
    await expect.poll(() => leftOf(first), { timeout: 8000 }).not.toBe(shown);
  });

  test('shows one academic slide per view on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const academic = carousel(page, 'Academic Courses');
    const width = (await slide(academic, '1 of 11').boundingBox())?.width ?? 0;
    const viewport = (await academic.boundingBox())?.width ?? 0;
    // One slide fills the carousel (its 16 px gutter aside).
    expect(width).toBeGreaterThan(viewport - 20);
  });
});

test('the phone menu opens, leads to a page and is closed there', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
});

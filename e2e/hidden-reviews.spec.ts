import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { json, signedInApi } from './support/api';
import { signIn } from './support/commerce';
import { DEMO_ACCOUNTS, accountMenuButton, expectNoAxeViolations } from './support/helpers';

// Undoing a moderation mistake: an admin hides a seeded review of a course, finds it on
// the hidden reviews screen with its reason, shows it again, and the course page has it back in
// its list and its count. The review is the seed's; whatever happens, it is shown again at the end,
// so the specs that count the course's reviews find them as the seed left them.

const PYTHON = 'Python Basics in Seven Days';
const AUTHOR = 'Rehana Parvin';

type ReviewsAnswer = { rating: { count: number } | null; items: { id: string; authorName: string }[] };

function reviewsSection(page: Page) {
  return page.getByRole('region', { name: 'Ratings and Reviews' });
}

function reviewCount(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

test('an admin hides a review, finds it among the hidden reviews with its reason, and shows it again', async ({ page, playwright }) => {
  // Its own reason, so the row is this test's among any other hidden reviews of the shared database.
  const reason = `Mentions another learner by name (${randomUUID().slice(0, 8)})`;
  const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
  let reviewId = '';
  try {
    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto('/courses');
    await page.getByRole('link', { name: PYTHON, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: PYTHON })).toBeVisible();
    const courseUrl = new URL(page.url()).pathname;
    const courseId = courseUrl.split('/')[3] ?? '';
    const before = await json<ReviewsAnswer>(await page.request.get(`/api/items/${courseId}/reviews`), 200);
    reviewId = before.items.find((item) => item.authorName === AUTHOR)?.id ?? '';
    expect(reviewId, `${AUTHOR}'s seeded review of ${PYTHON}`).not.toBe('');
    const count = before.rating?.count ?? 0;

    // Hidden from the course page: out of its list and its count.
    const section = reviewsSection(page);
    const review = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: AUTHOR, exact: true }) });
    await review.getByRole('button', { name: 'Hide review' }).click();
    await review.getByLabel(`Why hide ${AUTHOR}'s review? (the author is e-mailed this reason)`).fill(reason);
    await review.getByRole('button', { name: 'Hide review' }).click();
    await expect(section.getByRole('heading', { name: AUTHOR, exact: true })).toHaveCount(0);
    await expect(section.getByText(new RegExp(`out of 5 from ${reviewCount(count - 1)}`)).first()).toBeAttached();

    // The hidden reviews screen, from the admin menu: the review, its course and why it was hidden.
    await accountMenuButton(page).click();
    await page.getByRole('link', { name: 'Hidden Reviews' }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hidden Reviews' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Hidden reviews, newest hidden first' }).getByRole('listitem').filter({ hasText: reason });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('heading', { name: AUTHOR, exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: PYTHON, exact: true })).toHaveAttribute('href', courseUrl);
    // Who hid it, by e-mail (the admin's name is one other journeys may change).
    await expect(row.getByText(DEMO_ACCOUNTS.admin.email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Show it again, after a confirmation: the row leaves the list.
    await row.getByRole('button', { name: `Show Again ${AUTHOR}'s review of ${PYTHON}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Show this review again?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Show Again' }).click();
    await expect(page.getByText('Review shown again')).toBeVisible();
    await expect(page.getByText(reason)).toHaveCount(0);

    // Back on the course page, in the list and the count.
    await page.goto(courseUrl);
    await expect(section.getByRole('heading', { name: AUTHOR, exact: true })).toBeVisible();
    await expect(section.getByText(new RegExp(`out of 5 from ${reviewCount(count)}`)).first()).toBeAttached();
    const after = await json<ReviewsAnswer>(await page.request.get(`/api/items/${courseId}/reviews`), 200);
    expect(after.rating?.count).toBe(count);

    // Shown already: the API says so and changes nothing.
    expect(await json(await admin.post(`/api/reviews/${reviewId}/show`), 200)).toEqual({ shown: true, alreadyShown: true });
  } finally {
    // A failure midway must not leave the seed's review hidden for the specs after this one.
    if (reviewId) expect((await admin.post(`/api/reviews/${reviewId}/show`)).status()).toBe(200);
    await admin.dispose();
  }
});

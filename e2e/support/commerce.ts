import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { login, uniqueEmail } from './helpers';

// Buying through the real screens (docs/product.md §2, §4): sign up, Buy Now, the payment page
// with the sandbox gateway's Stripe test cards. Shared by the commerce and learning journeys.

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await login(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A fresh account per journey, so journeys never depend on each other's orders. */
export async function signUpFresh(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  // The form signs in by refreshing the session, which only works once the first session check is done.
  await page.goto('/register');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).not.toHaveURL(/\/register/);
  return email;
}

/** Opens a course from its class list and presses Buy Now, which leads straight to the order's payment page. */
export async function buyCourse(page: Page, classPath: string, title: string): Promise<void> {
  await page.goto(classPath);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const buy = page.getByRole('button', { name: 'Buy Now' });
  // Enabled once the page knows the item is not paid yet.
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Buys a book by card from its page in the list, landing on the book's own page: the reader, or the listen page. */
export async function buyBookByCard(page: Page, bookName: string): Promise<void> {
  await page.goto('/books');
  await page.getByRole('link', { name: `View Details of ${bookName}` }).click();
  const buy = page.getByRole('button', { name: 'Buy Now' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
  await payWithCard(page, GOOD_CARD);
  await expectPurchaseConfirmed(page, 'book');
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
}

/**
 * A paid order's buyer lands in what they bought, which confirms it: a course's first (or next)
 * lesson (My Collection for a course without lessons yet), or My Collection for a book, with the
 * amount, the transaction id and the receipt.
 */
export async function expectPurchaseConfirmed(page: Page, kind: 'course' | 'book', { free = false } = {}): Promise<void> {
  const inLesson = /\/learn\/[0-9a-f]{24}\/[^/?]+\?welcome=[0-9a-f]{24}$/;
  const inCollection = /\/myCollection\?welcome=[0-9a-f]{24}$/;
  const onShelf = /\/myCollection\/books\/[0-9a-f]{24}\?welcome=[0-9a-f]{24}$/;
  await expect(page).toHaveURL(kind === 'course' ? new RegExp(`${inLesson.source}|${inCollection.source}`) : onShelf);
  const confirmation = page.getByRole('status').filter({ has: page.getByRole('heading', { name: free ? 'Order complete: no payment was needed' : /^Payment of .+ received$/ }) });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(inLesson.test(page.url()) ? 'is yours. Start with the lesson below.' : 'is yours. You will find it below.');
  await expect(confirmation.getByRole('link', { name: 'View receipt' })).toBeVisible();
}

/** A free course: Enroll for Free on its page completes the order at once and opens the player. */
export async function enrollFree(page: Page, classPath: string, title: string): Promise<void> {
  await page.goto(classPath);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Price: Free', { exact: true })).toBeVisible();
  const enroll = page.getByRole('button', { name: 'Enroll for Free' });
  await expect(enroll).toBeEnabled();
  await enroll.click();
  await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}/);
}

/** The My Order row of an item (its refund line is a separate row): the one with the order's date. */
export function orderRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: false }) }).filter({ hasText: /Ordered / });
}

/** An entry of My Collection (which has no Cancel column): the row naming the item. */
export function collectionCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

/** From My Order: PAY on the item's order. */
export async function openPayment(page: Page, title: string): Promise<void> {
  await page.goto('/myOrder');
  await orderRow(page, title).getByRole('link', { name: /^PAY/ }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
}

export async function payWithCard(page: Page, number: string): Promise<void> {
  const confirm = page.getByRole('button', { name: 'Confirm Payment' });
  // docs/product.md §4: disabled until the payment intent's client secret has arrived.
  await expect(confirm).toBeEnabled();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await confirm.click();
}


import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SSLCOMMERZ_SIMULATOR_PORT } from '../playwright.config';
import { buyCourse, collectionCard, expectPurchaseConfirmed, signUpFresh } from './support/commerce';
import { expectNoAxeViolations } from './support/helpers';

// Paying in taka through the local bKash and SSLCommerz (scripts/payment-simulators/serve.ts,
// started by playwright.config.ts): the buyer chooses the method, pays on the provider's own page,
// comes back to a page that says what happened, and learns or downloads. Phone and desktop,
// English and Bengali. Only the provider's server-to-server answer pays an order.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const TAKA = /৳\s?[\d,]+|[০-৯,]+৳/;

/** On the simulator's bKash page: wallet, OTP, PIN, as bKash's sandbox asks. */
async function payOnBkash(page: Page, wallet = '01712345678'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Pay with bKash' })).toBeVisible();
  await page.getByLabel('Your bKash account number').fill(wallet);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('Verification code (OTP)').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('bKash PIN').fill('12121');
  await page.getByRole('button', { name: 'Confirm' }).click();
}

async function chooseAndGo(page: Page, method: RegExp, pay: RegExp): Promise<void> {
  await page.getByRole('radio', { name: method }).check();
  const button = page.getByRole('button', { name: pay });
  await expect(button).toBeEnabled();
  await button.click();
}

test.describe('paying in taka', () => {
  test('desktop, English: a course bought with bKash opens in the player', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const title = 'Higher Mathematics for Class Nine';
    await signUpFresh(page, 'Bkash Buyer');
    await buyCourse(page, '/classes/nine', title);
    // English pages choose the card first; the taka methods show their own amounts.
    await expect(page.getByRole('radio', { name: /Card in US dollars/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /bKash/ })).toBeVisible();
    await chooseAndGo(page, /^bKash/, /^Pay ৳[\d,]+ with bKash$/);
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+/redirect/tokenized/`));
    await payOnBkash(page);
    // Back from bKash, straight into the course's first lesson, which confirms the payment in taka.
    await expectPurchaseConfirmed(page, 'course');
    await expect(page.getByRole('heading', { name: /^Payment of ৳[\d,]+ received$/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Course content' })).toBeVisible();
    // The receipt says how it was paid.
    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    await expect(page.getByText(/Amount paid: ৳[\d,]+/)).toBeVisible();
    await expect(page.getByText('This order is paid.')).toBeVisible();
  });

  test('phone, Bengali: a book bought with SSLCommerz opens in the reader and is in My Collection to download', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const bookName = 'Physics Made Clear for SSC';
    await signUpFresh(page, 'Ssl Buyer');
    await page.goto('/books');
    await page.getByRole('link', { name: `View Details of ${bookName}` }).click();
    await page.waitForURL(/\/book\/[0-9a-f]{24}$/);
    const bookPath = new URL(page.url()).pathname;
    await page.goto(`/bn${bookPath}`);
    const buy = page.getByRole('button', { name: 'এখনই কিনুন' });
    await expect(buy).toBeEnabled();
    await buy.click();
    await expect(page).toHaveURL(/\/bn\/payment\/[0-9a-f]{24}$/);
    // On a phone the payment methods are in view without scrolling past the cover.
    await expect(page.getByRole('radio', { name: /^বিকাশ/ })).toBeInViewport();
    // Bengali pages choose taka first: bKash.
    await expect(page.getByRole('radio', { name: /^বিকাশ/ })).toBeChecked();
    await expect(page.locator('main')).toContainText(TAKA);
    await chooseAndGo(page, /কার্ড, মোবাইল ব্যাংকিং/, /SSLCommerz দিয়ে .+ পেমেন্ট করুন/);
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${SSLCOMMERZ_SIMULATOR_PORT}/`));
    await page.getByRole('button', { name: 'Pay now' }).click();
    // Back from SSLCommerz, straight to the book in My Collection, which confirms the purchase in Bengali.
    await expect(page).toHaveURL(/\/bn\/myCollection\/books\/[0-9a-f]{24}\?welcome=[0-9a-f]{24}$/);
    await expect(page.getByRole('status').getByRole('heading', { name: /^.*৳.* পেমেন্ট পাওয়া গেছে$/ })).toBeVisible();
    await expect(page.getByRole('status').getByRole('link', { name: 'রসিদ দেখুন' })).toBeVisible();
    // The reader, in Bengali and within the phone's width.
    await expect(page.getByRole('img', { name: 'পাতা ১ / ৩' })).toBeVisible();
    await page.getByRole('button', { name: 'পরের পাতা' }).click();
    await expect(page.getByRole('img', { name: 'পাতা ২ / ৩' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);

    // The Bengali shelf names the book by its Bengali title, within the phone's width.
    await page.getByRole('link', { name: '← আমার সংগ্রহ' }).click();
    await expect(page).toHaveURL(/\/bn\/myCollection$/);
    const pdf = page.getByRole('link', { name: /^PDF ডাউনলোড করুন: / });
    await expect(pdf).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    const file = await page.request.get((await pdf.getAttribute('href')) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
  });

  test('a cancelled bKash payment and a failed SSLCommerz one leave the order unpaid, and say so', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const title = 'Higher Mathematics for Class Nine';
    await signUpFresh(page, 'Unlucky Buyer');
    await buyCourse(page, '/classes/nine', title);
    await chooseAndGo(page, /^bKash/, /with bKash$/);
    await expect(page.getByRole('heading', { name: 'Pay with bKash' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/returned=cancel$/);
    await expect(page.getByText('You cancelled the payment on bKash. No money was taken.')).toBeVisible();
    await expect(page.getByText('This order is paid.')).toHaveCount(0);

    await chooseAndGo(page, /SSLCommerz|Card, mobile banking/, /with SSLCommerz$/);
    await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
    await expect(page).toHaveURL(/returned=failure$/);
    await expect(page.getByRole('alert').filter({ hasText: 'SSLCommerz says the payment failed, and no money was taken.' })).toBeVisible();
    // Still payable: the methods are offered again.
    await expect(page.getByRole('radio', { name: /^bKash/ })).toBeEnabled();
  });

  test('a buyer who closes the tab after paying on bKash still gets the course within a minute', async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(DESKTOP);
    const title = 'Higher Mathematics for Class Nine';
    await signUpFresh(page, 'Tab Closer');
    await buyCourse(page, '/classes/nine', title);
    await chooseAndGo(page, /^bKash/, /with bKash$/);
    // The tab dies on its way back from bKash: the callback never reaches the shop.
    await page.route('**/api/payments/bkash/callback**', (route) => route.abort());
    await payOnBkash(page).catch(() => undefined);
    await page.close();

    const later = await context.newPage();
    await later.goto('/myCollection');
    // The reconciler executes the authorized payment with bKash (first after 40 s, every 15 s).
    await expect(async () => {
      await later.reload();
      await expect(collectionCard(later, title)).toHaveCount(1);
    }).toPass({ timeout: 100_000, intervals: [5_000] });
  });
});

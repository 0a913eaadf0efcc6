import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { BASE_URL } from '../playwright.config';
import { buyCourse, collectionCard, expectPurchaseConfirmed, GOOD_CARD, orderRow, payWithCard, signIn, signUpFresh } from './support/commerce';
import { openDatabase } from './support/fuzz-db';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logout } from './support/helpers';

// Promo codes through the real screens: an admin adds a code on /admin/promo-codes; a
// buyer tries a wrong code, applies the right one on the payment page, sees the discount and the
// new total, pays with the sandbox's 4242 card and is charged the discounted amount (the intent,
// My Order and the sales view say so); a 100 % code completes without the card form; the seeded
// KZ2026 that course pages show takes 10 % off. Screenshots of the payment page and the admin
// screen, on a phone and a desktop, go to PROMO_SCREENS_DIR (or the test's output folder).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.PROMO_SCREENS_DIR ?? test.info().outputPath('screens');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    // From the top: the sticky header then sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

async function sandboxIntentOf(orderId: string) {
  const database = await openDatabase();
  try {
    return await database.db.collection('sandboxPaymentIntents').findOne({ orderId: new ObjectId(orderId) });
  } finally {
    await database.close();
  }
}

function orderIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('an admin adds a code; a buyer applies it on the payment page and pays the discounted amount', async ({ page }) => {
  test.setTimeout(120_000);
  const code = uniqueCode('SPRING');
  const title = 'Physics for Class Nine';

  // The admin adds the code from the admin menu's screen.
  await signIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin/promo-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Percent off').fill('20');
  await page.getByLabel('Applies to').selectOption('lists');
  await page.getByRole('group', { name: 'Course lists' }).getByLabel('Class 9', { exact: true }).check();
  await page.getByLabel('Total uses').fill('5');
  await page.getByLabel('Uses per buyer').fill('1');
  // A bad value is refused at its field, with the message announced there.
  await page.getByLabel('Valid from (UTC)').fill('2026-05-02');
  await page.getByLabel('Valid until (UTC)').fill('2026-05-01');
  await page.getByRole('button', { name: 'Add Promo Code' }).click();
  await expect(page.getByText('Valid until must not be before Valid from')).toBeVisible();
  await page.getByLabel('Valid from (UTC)').fill('');
  await page.getByLabel('Valid until (UTC)').fill('');
  await page.getByRole('button', { name: 'Add Promo Code' }).click();
  const added = page.getByText('Promo code added');
  await expect(added).toBeVisible();
  // The toast fades in and out: axe judges the page without it.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(added).toBeHidden();
  const table = page.getByRole('table', { name: 'Promo codes, newest first' });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('Class 9');
  await expect(row).toContainText('0 of 5 used, 1 per buyer');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await screenshots(page, 'admin-promo-codes');
  await logout(page);

  // A buyer orders the course and opens its payment page.
  await signUpFresh(page, 'Promo Buyer');
  await buyCourse(page, '/classes/nine', title);
  await expect(page.getByText('Price: $22.00')).toBeVisible();
  await expect(page.getByLabel('Order summary')).toContainText('Total$22.00');
  await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();

  // A wrong code gets a clear, announced message at the field.
  const field = page.getByLabel('Promo code', { exact: true });
  await field.fill('NOPE-NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This promo code does not exist. Check the spelling and try again.' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, 'payment-wrong-code');

  // The right one, typed in lower case: the discount and the new total before paying.
  await field.fill(` ${code.toLowerCase()} `);
  await page.keyboard.press('Enter');
  // Announced to screen readers; the field and the summary show it.
  await expect(page.getByRole('status').filter({ hasText: `Promo code ${code} applied: you save $4.40. New total: $17.60.` })).toBeAttached();
  const orderSummary = page.getByLabel('Order summary');
  await expect(orderSummary).toContainText('Price$22.00');
  await expect(orderSummary).toContainText(`Discount (${code})`);
  await expect(orderSummary).toContainText('$4.40');
  await expect(orderSummary).toContainText('Total$17.60');
  await expect(page.getByRole('button', { name: `Remove promo code ${code}` })).toBeVisible();
  // Scanned once the server has rendered the page's header again with the code.
  await expect(page.getByRole('main')).toContainText('Price: $17.60');
  await expectNoAxeViolations(page);
  await screenshots(page, 'payment-with-code');

  // Removed and applied again: the total follows, and the card is charged what the server says.
  await page.getByRole('button', { name: `Remove promo code ${code}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Promo code removed. Total: $22.00.' })).toBeAttached();
  await expect(orderSummary).toContainText('Total$22.00');
  await field.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(orderSummary).toContainText('Total$17.60');

  const orderId = orderIdOf(page);
  expect(await sandboxIntentOf(orderId)).toMatchObject({ amountCents: 1760, status: 'requires_payment_method' });
  await payWithCard(page, GOOD_CARD);
  await expectPurchaseConfirmed(page, 'course');
  expect(await sandboxIntentOf(orderId)).toMatchObject({ amountCents: 1760, status: 'succeeded' });

  // My Order shows the amount paid.
  await page.goto('/myOrder');
  await expect(orderRow(page, title)).toContainText('$17.60');
  await logout(page);

  // The sales view shows the discount given with the code.
  await signIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin/sales');
  const discounts = page.getByRole('table', { name: 'Discounts given per promo code' });
  await expect(discounts.getByRole('row').filter({ hasText: code })).toContainText(/1\s*\$4\.40\s*\$17\.60/);
  await expectNoAxeViolations(page);
  await page.goto('/admin/promo-codes');
  await expect(page.getByRole('table', { name: 'Promo codes, newest first' }).getByRole('row').filter({ hasText: code })).toContainText('1 of 5 used');
});

test('a 100 % code completes the order without the card form', async ({ page, playwright }) => {
  const code = uniqueCode('GIFT');
  const admin = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await admin.post('/api/account/login', { data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).status()).toBe(200);
  const created = await admin.post('/api/promo-codes', {
    data: { code, discountType: 'percent', percentOff: 100, appliesTo: 'courses', perBuyerLimit: 1, usageLimit: 3, active: true },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();

  const title = 'Chemistry for Class Nine: Atoms and the Periodic Table';
  await signUpFresh(page, 'Free Buyer');
  await buyCourse(page, '/classes/nine', title);
  await page.getByLabel('Promo code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Order summary')).toContainText('Total$0.00');
  await expect(page.getByText('Your promo code covers the whole price: no card is needed.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  // The page's header is rendered again by the server with the code (the panel asks for it): scanned once it has.
  await expect(page.getByRole('main')).toContainText('Price: $0.00');
  // The order now says the price after the code: that is not a change of price.
  await page.reload();
  await expect(page.getByRole('main')).toContainText('Price: $0.00');
  await expect(page.getByText(/The price changed/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'payment-free');

  await page.getByRole('button', { name: 'Complete Free Order' }).click();
  await expectPurchaseConfirmed(page, 'course', { free: true });
  await expect(page.getByRole('status').getByText(/Transaction id: free_[0-9a-f]{24}/)).toBeVisible();
  await page.goto('/myCollection');
  await expect(collectionCard(page, title)).toBeVisible();
});

test('the KZ2026 a course page shows takes 10 % off on its payment page', async ({ page }) => {
  const title = 'Higher Mathematics for Class Nine';
  await signUpFresh(page, 'Seeded Code');
  await page.goto('/classes/nine');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByText('Promo Code:')).toContainText('KZ2026');
  await buyCourse(page, '/classes/nine', title);
  // "Price: $23.00 · ৳2,750": the dollar price, which the card is charged.
  const priceLine = (await page.getByText(/^Price: \$\d+\.\d{2}/).textContent()) ?? '';
  const price = Number(/\$(\d+\.\d{2})/.exec(priceLine)?.[1]);
  await page.getByLabel('Promo code', { exact: true }).fill('kz2026');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.round(price * 10) / 100;
  await expect(page.getByLabel('Order summary')).toContainText(`Total$${(price - discount).toFixed(2)}`);
  await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();
});

test('on the Bengali payment page a code is worded in Bengali, and so is the reason it lapsed', async ({ page }) => {
  test.setTimeout(90_000);
  const code = uniqueCode('BN');
  const database = await openDatabase();
  try {
    const now = new Date();
    await database.db.collection('promoCodes').insertOne({
      code,
      discount: { kind: 'percent', percent: 20 },
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perBuyerLimit: null,
      scope: { kind: 'all' },
      active: true,
      used: 0,
      createdAt: now,
      updatedAt: now,
    });
    const title = 'Chemistry for Class Nine: Atoms and the Periodic Table';
    await signUpFresh(page, 'Bengali Promo');
    await buyCourse(page, '/classes/nine', title);
    const orderId = orderIdOf(page);
    await page.goto(`/bn/payment/${orderId}`);
    await page.getByLabel('প্রোমো কোড', { exact: true }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
    await expect(page.getByText(`প্রোমো কোড ${code} প্রয়োগ করা হয়েছে (২০% ছাড়)`)).toBeVisible();

    // The admin withdraws the code and the buyer's hold runs out: the reload says why, in Bengali.
    await database.db.collection('promoCodes').updateOne({ code }, { $set: { active: false } });
    await database.db.collection('promoRedemptions').updateOne({ _id: new ObjectId(orderId) }, { $set: { holdUntil: new Date(Date.now() - 1000) } });
    await page.reload();
    await expect(page.getByText(`প্রোমো কোড ${code} আর প্রযোজ্য নয়: কোডটি তুলে নেওয়া হয়েছে। আপনাকে পুরো মূল্য পরিশোধ করতে হবে।`)).toBeVisible();
  } finally {
    await database.close();
  }
});

import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { DECLINED_CARD, GOOD_CARD, buyBookByCard, buyCourse, collectionCard, expectPurchaseConfirmed, orderRow, payWithCard, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';

// Commerce journeys (docs/product.md §2 Payment, My Order, My Collection, the owner's way in; §4 Order, Payment;
// §8 card messages) with the sandbox gateway, which applies Stripe's test-card rules.

function enrolledCount(page: Page) {
  return page.locator('dl[aria-label="Course facts"] > div', { hasText: 'Enrolled' }).locator('dd');
}

async function newSignedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  return page;
}

test.describe('buying and paying', () => {
  test('Buy Now leads to the payment page, paying with 4242 into the first lesson; the course page then says Continue learning', async ({ page, browser }) => {
    const title = 'Physics for Class Nine';
    await signIn(page, DEMO_ACCOUNTS.student);
    // The course page is cached before the purchase; its Enrolled count must not stay old after it.
    await page.goto('/classes/nine');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const coursePage = page.url();
    const enrolledBefore = Number(await enrolledCount(page).textContent());
    await buyCourse(page, '/classes/nine', title);

    await expect(page.getByText(/Price: \$\d+\.\d{2}/)).toBeVisible();
    await expectNoAxeViolations(page);
    await payWithCard(page, GOOD_CARD);
    await expectPurchaseConfirmed(page, 'course');
    await expect(page.getByRole('status').getByText(/Transaction id: pi_/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Course content' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The first lesson is a reading: finishing it is progress the course page shows below.
    const firstLesson = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    const courseId = new URL(page.url()).pathname.split('/')[2];
    // Another account given the same address learns nothing about the order.
    const orderId = new URL(page.url()).searchParams.get('welcome');
    const other = await newSignedInPage(browser, DEMO_ACCOUNTS.admin);
    await other.goto(`/myCollection?welcome=${orderId}`);
    await expect(other.getByRole('heading', { level: 1, name: 'My Collection' })).toBeVisible();
    await expect(other.getByRole('heading', { name: /^Payment of/ })).toHaveCount(0);
    expect((await other.goto(`/payment/${orderId}`))?.status()).toBe(404);
    await other.context().close();

    // My Order keeps the order: its date, Paid and the receipt; no Cancel once paid.
    await page.goto('/myOrder');
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
    for (const column of ['Serial', 'Course Name', 'Pay', 'Cancel']) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    const paidRow = orderRow(page, title);
    await expect(paidRow).toContainText(/Ordered \d{1,2} \w+ \d{4}/);
    await expect(paidRow.getByText(`Paid: ${title}`)).toBeVisible();
    await expect(paidRow.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await paidRow.getByRole('link', { name: `Receipt for ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    await expect(page.getByText(/Amount paid: \$\d+\.\d{2}/)).toBeVisible();
    await expect(page.getByText(/Paid on \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expect(page.getByText(/Your transaction id: pi_/)).toBeVisible();

    await page.goto('/myCollection');
    await expect(page.getByRole('heading', { level: 1, name: 'My Collection' })).toBeVisible();
    // A learning page, not a table of orders: the course with its progress and the way in, no Cancel.
    const collected = collectionCard(page, title);
    await expect(page.getByRole('region', { name: 'Courses' }).getByRole('listitem')).toContainText([title]);
    await expect(collected.getByText(`Paid: ${title}`)).toBeVisible();
    await expect(collected.getByRole('progressbar', { name: `Progress in ${title}` })).not.toHaveAttribute('aria-valuenow', '0');
    await expect(collected.getByText(`Last lesson: ${firstLesson}`)).toBeVisible();
    await expect(collected.getByRole('link', { name: `Continue: ${title}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Open course leads into the lesson player, not back to the sales page.
    await page.getByRole('link', { name: `Open course: ${title}` }).click();
    await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
    await expect(page.getByRole('navigation', { name: 'Course content' })).toBeVisible();

    await page.goto(`/classNine/coursesInfo/${courseId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const wayIn = page.getByRole('link', { name: `Continue learning: ${title}` });
    await expect(wayIn).toBeVisible();
    await expect(page.getByText('You own this course.')).toBeVisible();
    await expect(page.getByText(/You have completed \d+% of this course\./)).toBeVisible();
    // No promo code is offered to an owner.
    await expect(page.getByText(/promo code/i)).toHaveCount(0);
    expect(new URL(coursePage).pathname).toBe(`/classNine/coursesInfo/${courseId}`);
    expect(Number(await enrolledCount(page).textContent())).toBeGreaterThan(enrolledBefore);
    await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
    await wayIn.click();
    await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
  });

  test('a declined card shows the red error and leaves the order unpaid', async ({ page }) => {
    const title = 'Chemistry for Class Nine: Atoms and the Periodic Table';
    await signUpFresh(page, 'Decline');
    await buyCourse(page, '/classes/nine', title);

    await payWithCard(page, DECLINED_CARD);
    const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-red-700/);
    await expect(page).toHaveURL(/\/payment\/[0-9a-f]{24}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toHaveCount(0);

    await page.goto('/myOrder');
    await expect(orderRow(page, title).getByRole('link', { name: /^PAY/ })).toBeVisible();
    await page.goto('/myCollection');
    await expect(page.getByText('Nothing here yet.', { exact: false })).toBeVisible();
  });

  test('a second Buy Now for the same item keeps one order, and an unpaid order can be cancelled', async ({ page }) => {
    const title = 'Higher Mathematics for Class Nine';
    await signUpFresh(page, 'Canceller');
    await buyCourse(page, '/classes/nine', title);
    const firstOrder = page.url();
    await buyCourse(page, '/classes/nine', title);
    expect(page.url()).toBe(firstOrder);
    await page.goto('/myOrder');
    await expect(orderRow(page, title)).toHaveCount(1);

    await orderRow(page, title).getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, cancel it!' }).click();
    await expect(orderRow(page, title)).toHaveCount(0);
    await expect(page.getByText('You have no orders yet.', { exact: false })).toBeVisible();
  });

  test('signed-out visitors are sent to login and come back', async ({ page }) => {
    await page.goto('/myOrder');
    await expect(page).toHaveURL(/\/login\?from=%2FmyOrder$/);
    await page.goto('/myCollection');
    await expect(page).toHaveURL(/\/login\?from=%2FmyCollection$/);
  });
});

test.describe('books in My Collection', () => {
  test('the buyer reads the PDF in the page and listens to the MP3, downloads both at lasting addresses; another user is refused', async ({ page, browser }) => {
    const pdfBook = 'Physics Made Clear for SSC';
    const audioBook = 'Stories of the Prophets: Audio Edition';
    await signUpFresh(page, 'Reader');

    for (const bookName of [pdfBook, audioBook]) await buyBookByCard(page, bookName);
    await expect(page.getByLabel(`Listen to ${audioBook}`)).toBeVisible();
    await expect(page.getByLabel('Speed')).toHaveValue('1');

    // The book's page now leads its owner to it instead of selling it again.
    await page.goto('/books');
    await page.getByRole('link', { name: `View Details of ${pdfBook}` }).click();
    await expect(page.getByText('You own this book.')).toBeVisible();
    await page.getByRole('link', { name: `Open book: ${pdfBook}` }).click();
    await expect(page).toHaveURL(/\/myCollection\/books\/[0-9a-f]{24}$/);

    // The reader draws one page at a time and turns pages with its buttons and the arrow keys.
    const reader = page.getByRole('region', { name: `Reader: ${pdfBook}` });
    await expect(reader.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible();
    await expect(reader.getByText(`Sample of ${pdfBook}`)).toBeAttached();
    await reader.getByRole('button', { name: 'Next page' }).click();
    await expect(reader.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The page is kept on the device.
    await page.reload();
    await expect(reader.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible();
    await reader.getByRole('button', { name: 'Previous page' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(reader.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible();
    await reader.getByLabel('Page', { exact: true }).fill('3');
    await reader.getByLabel('Page', { exact: true }).press('Enter');
    await expect(reader.getByRole('img', { name: 'Page 3 of 3' })).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await page.goto('/myCollection');
    const books = page.getByRole('region', { name: 'Books' });
    await expect(books.getByRole('link', { name: `Read: ${pdfBook}` })).toHaveAttribute('href', /\/myCollection\/books\/[0-9a-f]{24}$/);
    await expect(books.getByRole('link', { name: `Listen: ${audioBook}` })).toBeVisible();
    await expect(books.getByText(/^PDF · \d+(\.\d)? KB$/)).toBeVisible();
    const pdfLink = books.getByRole('link', { name: `Download PDF: ${pdfBook}` });
    const mp3Link = books.getByRole('link', { name: `Download MP3: ${audioBook}` });
    const pdfUrl = (await pdfLink.getAttribute('href')) ?? '';
    const mp3Url = (await mp3Link.getAttribute('href')) ?? '';
    // The same address every time: nothing in it expires while a tab stays open.
    expect(pdfUrl).toMatch(/^\/api\/books\/[0-9a-f]{24}\/file$/);
    await expectNoAxeViolations(page);

    const pdf = await page.request.get(pdfUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const part = await page.request.get(mp3Url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['accept-ranges']).toBe('bytes');
    expect(part.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect((await part.body()).length).toBe(100);

    // Another signed-in user holding the buyer's links gets nothing, and the book's page sends them to its sales page.
    const other = await newSignedInPage(browser, DEMO_ACCOUNTS.admin);
    expect((await other.request.get(pdfUrl)).status()).toBe(403);
    await other.goto(`/myCollection/books/${pdfUrl.split('/')[3]}`);
    await expect(other).toHaveURL(/\/book\/[0-9a-f]{24}$/);
    expect((await other.request.get(mp3Url)).status()).toBe(403);
    // Signed out: 401.
    const anonymous = await (await browser.newContext()).newPage();
    expect((await anonymous.request.get(pdfUrl)).status()).toBe(401);
  });
});

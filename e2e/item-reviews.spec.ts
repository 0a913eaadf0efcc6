import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { MongoClient, ObjectId } from 'mongodb';
import { MONGODB_URI } from '../playwright.config';
import { reviewSnippetProblems } from '../tests/support/structured-data';
import type { ReviewedType } from '../tests/support/structured-data';
import { json, signedInApi } from './support/api';
import { announceChange, announceChangeAndWait } from './support/public-changes';
import { enrollFree, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';
import { decodeQuotedPrintable } from './support/outbox';

// Ratings and reviews of courses and books: a buyer who has used the course reviews
// it, the page shows the average, the count and the breakdown per star, the cards in lists and
// search show the rating, an admin replies and hides, and the page's JSON-LD passes the
// structured-data check. Everything through the real screens, except where noted.

const STUDY = 'Study Skills and Exam Preparation';
const PYTHON = 'Python Basics in Seven Days';
const PHYSICS = 'Physics for Class Nine';
/** Typed into the review: it must show as text, and never run. */
const SCRIPT_TEXT = '<script>window.__reviewXss = 1</script><img src=x onerror="window.__reviewXss = 2">';

type Outline = { courseId: string; sections: { lessons: { id: string; kind: string }[] }[] };

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? 'null') as Record<string, unknown>;
}

async function expectValidJsonLd(page: Page, type: ReviewedType, reviewed: boolean): Promise<Record<string, unknown>> {
  const data = await jsonLd(page);
  expect(reviewSnippetProblems(data, { type, reviewed })).toEqual([]);
  return data;
}

/** The breakdown rows as the page shows them, five stars first: "5 stars 34%" … */
async function breakdown(page: Page): Promise<string[]> {
  const rows = page.getByRole('list', { name: 'Rating breakdown' }).getByRole('listitem');
  return (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

function reviewsSection(page: Page) {
  return page.getByRole('region', { name: 'Ratings and Reviews' });
}

function courseCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** The newest e-mail to `to` whose subject matches, decoded. */
async function newestMailTo(to: string, subject: string): Promise<string> {
  const directory = path.resolve(process.env.E2E_MAIL_OUTBOX_DIR ?? '.data/outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(directory).catch(() => [])).filter((name) => name.endsWith('.eml'));
    const files = await Promise.all(names.map(async (name) => ({ file: path.join(directory, name), time: (await stat(path.join(directory, name))).mtimeMs })));
    for (const { file } of files.sort((a, b) => b.time - a.time)) {
      const message = decodeQuotedPrintable(await readFile(file, 'utf8'));
      if (message.includes(`To: ${to}`) || message.includes(`<${to}>`)) {
        if (message.includes(`Subject: ${subject}`)) return message;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} about "${subject}"`);
}

test.describe.serial('a buyer reviews a course; an admin replies and hides', () => {
  let email = '';
  let courseUrl = '';
  let courseId = '';
  const name = 'Farhana Reviewer';

  test('the buyer may review once a fifth of the lessons is done; the page, the card, search and the JSON-LD show the rating', async ({ page }) => {
    email = await signUpFresh(page, name);
    // A free course: enrolled from its page, no card.
    await enrollFree(page, '/courses', STUDY);

    await page.goto('/courses');
    await page.getByRole('link', { name: STUDY, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: STUDY })).toBeVisible();
    courseUrl = new URL(page.url()).pathname;
    courseId = courseUrl.split('/')[3] ?? '';

    // Bought today, nothing done yet: the form is not offered, and the page says why.
    const section = reviewsSection(page);
    await expect(section.getByText(/No reviews yet\./)).toBeVisible();
    await expect(section.getByText(/You can review this course once you have completed a fifth of its lessons \(2 more lessons\) or from .+, 7 days after your purchase\./)).toBeVisible();
    await expect(section.getByRole('radio')).toHaveCount(0);
    const early = await page.request.put(`/api/items/${courseId}/reviews/mine`, { data: { rating: 5, body: 'Too early' } });
    expect(early.status()).toBe(403);
    expect(((await early.json()) as { message: string }).message).toMatch(/^You can review this course once you have completed a fifth/);

    // Two of its ten lessons completed (a fifth), through the progress API the player uses.
    const outline = await json<Outline>(await page.request.get(`/api/curriculum/${courseId}`), 200);
    const articles = outline.sections.flatMap((part) => part.lessons).filter((lesson) => lesson.kind === 'article');
    for (const lesson of articles.slice(0, 2)) {
      await json(await page.request.post('/api/progress', { data: { courseId, lessonId: lesson.id, completed: true } }), 200);
    }

    await page.reload();
    await expect(section.getByRole('heading', { name: 'Review this course' })).toBeVisible();
    await expect(section.getByRole('group', { name: 'Your rating' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The stars are a radio group: arrow keys move the choice.
    await section.getByRole('radio', { name: '3 stars' }).check();
    await page.keyboard.press('ArrowRight');
    await expect(section.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await section.getByRole('button', { name: 'Post review' }).click();
    await expect(section.getByText('Write a few words about it')).toBeVisible();
    await section.getByLabel('Your review').fill(`Practical tips I use every week. ${SCRIPT_TEXT}`);
    await section.getByRole('button', { name: 'Post review' }).click();
    await expect(section.getByText('Thank you! Your review is posted.')).toBeVisible();

    // The server-rendered list, rating and breakdown show it; the script is text.
    const review = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(review).toBeVisible();
    await expect(review.getByText('Verified buyer')).toBeVisible();
    await expect(review.getByText(SCRIPT_TEXT, { exact: false })).toBeVisible();
    expect(await page.evaluate(() => (window as { __reviewXss?: number }).__reviewXss)).toBeUndefined();
    await expect(section.getByText('Rated 4.0 out of 5 from 1 review').first()).toBeAttached();
    expect(await breakdown(page)).toEqual(['5 stars 0% (0 reviews)', '4 stars 100% (1 review)', '3 stars 0% (0 reviews)', '2 stars 0% (0 reviews)', '1 star 0% (0 reviews)']);
    await expect(page.getByRole('link', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
    const data = await expectValidJsonLd(page, 'Course', true);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect((data.review as { author: { name: string }; reviewBody: string }[])[0]).toMatchObject({ author: { name }, reviewBody: `Practical tips I use every week. ${SCRIPT_TEXT}` });

    // Own review: edit it, and one review stays one review.
    await section.getByRole('button', { name: 'Edit review' }).click();
    await section.getByRole('radio', { name: '5 stars' }).check();
    await section.getByRole('button', { name: 'Save changes' }).click();
    await expect(section.getByText('Your review was saved.')).toBeVisible();
    const stored = await json<{ rating: { average: number; count: number } }>(await page.request.get(`/api/items/${courseId}/reviews`), 200);
    expect(stored.rating).toMatchObject({ average: 5, count: 1 });
    await expect(section.getByText('Rated 5.0 out of 5 from 1 review').first()).toBeAttached();
    await expect(section.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);

    // The card in the list and in search show the average and the count (the cached pages were refreshed).
    await page.goto('/courses');
    await expect(courseCard(page, STUDY).getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();
    await expect(courseCard(page, STUDY).getByText('(1)')).toBeVisible();
    await page.goto(`/searchCourse/${encodeURIComponent('Study Skills')}`);
    await expect(courseCard(page, STUDY).getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();
  });

  test('an admin replies under the review, then hides it with a reason: it leaves the page, the rating and the card, and its author is told', async ({ page, browser }) => {
    test.skip(!courseUrl, 'needs the review of the test before');
    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto(courseUrl);
    const section = reviewsSection(page);
    const review = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await review.getByRole('button', { name: 'Reply' }).click();
    await review.getByLabel(`Public reply to ${name}`).fill('Thank you, Farhana! A printable planner is coming to section 1.');
    await review.getByRole('button', { name: 'Save reply' }).click();
    await expect(review.getByText('Reply from Knowledge Zone')).toBeVisible();
    await expect(review.getByText('A printable planner is coming to section 1.')).toBeVisible();

    // Everyone sees the reply (the cached page was refreshed), with no admin controls.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(courseUrl);
    await expect(reviewsSection(visitor).getByText('A printable planner is coming to section 1.')).toBeVisible();
    await expect(reviewsSection(visitor).getByRole('button', { name: 'Hide review' })).toHaveCount(0);
    await expectNoAxeViolations(visitor);

    await review.getByRole('button', { name: 'Hide review' }).click();
    await review.getByRole('button', { name: 'Hide review' }).click();
    await expect(review.getByText('Give the reason for hiding this review')).toBeVisible();
    await review.getByLabel(`Why hide ${name}'s review? (the author is e-mailed this reason)`).fill('Contains code that could harm readers');
    await review.getByRole('button', { name: 'Hide review' }).click();
    await expect(section.getByRole('heading', { name, exact: true })).toHaveCount(0);
    await expect(section.getByText(/No reviews yet\./)).toBeVisible();

    await visitor.goto(courseUrl);
    await expect(reviewsSection(visitor).getByRole('heading', { name, exact: true })).toHaveCount(0);
    await expectValidJsonLd(visitor, 'Course', false);
    await visitor.goto('/courses');
    await expect(courseCard(visitor, STUDY).getByText('(1)')).toHaveCount(0);
    await visitor.context().close();
  });

  test('the hiding is audited, and its author is e-mailed the reason and sees it by their review', async ({ page, browser }) => {
    test.skip(!courseUrl, 'needs the review hidden by the test before');
    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto('/admin/audit');
    await expect(page.getByRole('cell', { name: `Hid ${name}'s 5-star review of ${STUDY}: Contains code that could harm readers` })).toBeVisible();
    const mail = await newestMailTo(email, 'Your review on Knowledge Zone was hidden');
    expect(mail).toContain('Reason: Contains code that could harm readers');

    const author = await (await browser.newContext()).newPage();
    await signIn(author, { email, password: 'secret12' });
    await author.goto(courseUrl);
    await expect(reviewsSection(author).getByText(/A moderator hid your review\. Reason: Contains code that could harm readers/)).toBeVisible();
    await expect(reviewsSection(author).getByRole('button', { name: 'Edit review' })).toHaveCount(0);
    await expect(reviewsSection(author).getByRole('button', { name: 'Delete review' })).toBeVisible();
    await author.context().close();
  });
});

test('the breakdown of a seeded course adds up to 100 % by largest remainders; its card shows the rating', async ({ page }) => {
  // Python Basics has one 5-, one 4- and one 3-star review: plain rounding would show 33 % three times.
  await page.goto('/courses');
  const card = courseCard(page, PYTHON);
  await expect(card.getByText('Rated 4.0 out of 5 from 3 reviews')).toBeAttached();
  await expect(card.getByText('(3)')).toBeVisible();
  await card.getByRole('link', { name: PYTHON, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: PYTHON })).toBeVisible();
  expect(await breakdown(page)).toEqual(['5 stars 34% (1 review)', '4 stars 33% (1 review)', '3 stars 33% (1 review)', '2 stars 0% (0 reviews)', '1 star 0% (0 reviews)']);
  const data = await expectValidJsonLd(page, 'Course', true);
  expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 3, bestRating: 5, worstRating: 1 });
  expect(data.review).toHaveLength(3);
  // Signed out: the form is not offered; the visitor is asked to log in.
  await expect(reviewsSection(page).getByText('to rate and review it.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in non-buyer is told only buyers review, and the API refuses with 403', async ({ page, playwright }) => {
  // A new account: the demo student buys Physics in the commerce journey, which may run first.
  const email = await signUpFresh(page, 'Nadia Nonbuyer');
  await page.goto('/classes/nine');
  await page.getByRole('link', { name: PHYSICS, exact: true }).click();
  const section = reviewsSection(page);
  await expect(section.getByText('Only buyers of this course can review it.')).toBeVisible();
  await expect(section.getByRole('radio')).toHaveCount(0);
  const courseId = new URL(page.url()).pathname.split('/')[3] ?? '';
  const visitor = await signedInApi(playwright.request, { email, password: 'secret12' });
  const refused = await visitor.put(`/api/items/${courseId}/reviews/mine`, { data: { rating: 5, body: 'I did not buy it' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'Only buyers of this course can review it.', code: 'onlyBuyersOfThisCourseCanReviewIt' });
  await visitor.dispose();
  // The book page too, with its JSON-LD as @type Book.
  await page.goto('/books');
  await page.getByRole('link', { name: /View Details of Physics Made Clear for SSC/ }).click();
  await expect(reviewsSection(page).getByText('Only buyers of this book can review it.')).toBeVisible();
  await expectValidJsonLd(page, 'Book', true);
  await expectNoAxeViolations(page);
});

test('further reviews are plain pages that work without JavaScript', async ({ browser }) => {
  // Twelve reviews of one book, written straight into the database (as buyers would have left
  // them), its counters set to match, and the change announced so every cached page is dropped.
  const client = await MongoClient.connect(MONGODB_URI);
  const db = client.db();
  const book = await db.collection('books').findOne({ bookName: 'Personal Finance for Students' });
  if (!book) throw new Error('The demo book is missing');
  const now = Date.now();
  const reviews = Array.from({ length: 12 }, (_, index) => ({
    _id: new ObjectId(),
    itemId: book._id,
    itemKind: 'book',
    userId: new ObjectId(),
    authorName: `Paged Reader ${String(index + 1).padStart(2, '0')}`,
    rating: index % 2 === 0 ? 5 : 4,
    body: `Review number ${index + 1}.`,
    createdAt: new Date(now - (12 - index) * 60_000),
    updatedAt: new Date(now - (12 - index) * 60_000),
    hidden: false,
  }));
  await db.collection('itemReviews').insertMany(reviews);
  await db.collection('books').updateOne({ _id: book._id }, { $set: { rating: { count: 12, sum: 54, stars: [0, 0, 0, 6, 6] }, averageRating: 4.5 } });
  await announceChange(db);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await expect.poll(async () => {
      await page.goto(`/book/${book._id.toHexString()}`);
      return page.getByRole('list', { name: 'Reviews of this book, newest first' }).getByRole('listitem').count();
    }, { timeout: 10_000 }).toBe(10);
    await expect(page.getByRole('heading', { name: 'Paged Reader 12' })).toBeVisible();
    await page.getByRole('link', { name: /More reviews/ }).click();
    await expect(page).toHaveURL(new RegExp(`/book/${book._id.toHexString()}/reviews/page/2$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews of Personal Finance for Students' })).toBeVisible();
    const second = page.getByRole('list', { name: 'Reviews of this book, newest first' }).getByRole('listitem');
    await expect(second).toHaveCount(2);
    await expect(second.first().getByRole('heading')).toHaveText('Paged Reader 02');
    await page.getByRole('navigation', { name: 'Review pages' }).getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/book/${book._id.toHexString()}#reviews$`));
    expect((await page.request.get(`/book/${book._id.toHexString()}/reviews/page/3`)).status()).toBe(404);
  } finally {
    await db.collection('itemReviews').deleteMany({ _id: { $in: reviews.map((review) => review._id) } });
    await db.collection('books').updateOne({ _id: book._id }, { $unset: { rating: '', averageRating: '' } });
    await announceChangeAndWait(db, context.request);
    await context.close();
    await client.close();
  }
});

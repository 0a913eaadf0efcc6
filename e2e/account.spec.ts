import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { MongoClient, ObjectId } from 'mongodb';
import { MONGODB_URI } from '../playwright.config';
import { addFirstLesson } from './support/api';
import { waitForMailedLink } from './support/outbox';
import { DEMO_ACCOUNTS, accountMenuButton, expectNoAxeViolations, logout, uniqueEmail } from './support/helpers';

// Account journeys (docs/product.md §2 My Profile, Add Review, bell; §4 Registration, Notification, Profile
// update, Password reset; §5 validation; §8 messages).

const AVATAR_FIXTURE = path.join(__dirname, 'fixtures', 'avatar.png');
const PASSWORD = 'secret12';

/** Client forms validate only once hydrated (and the session has loaded). */
async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/**
 * Opens a sign-in form once the header knows the visitor is signed out: the forms refresh the
 * session after signing in, which does nothing while the first session check is still running.
 */
async function gotoSignedOutForm(page: Page, url: '/login' | '/register'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

async function loginReady(page: Page, email: string, password: string): Promise<void> {
  await gotoSignedOutForm(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const freshEmail = (name: string) => uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));

/**
 * A fresh account, signed in, so no journey depends on another's data. The register screen has
 * its own journeys (auth.spec.ts, and the verification one below); here the endpoint behind it
 * creates the account and sets the session cookie for the page's context.
 */
async function registerFresh(page: Page, name: string): Promise<string> {
  const email = freshEmail(name);
  const answer = await page.request.post('/api/account/register', { data: { name, email, password: PASSWORD } });
  expect(await answer.json()).toMatchObject({ ok: true, signedIn: true });
  await gotoReady(page, '/');
  await expect(accountMenuButton(page)).toBeVisible();
  return email;
}

/** Registers through the Register screen, as a visitor would. */
async function registerThroughForm(page: Page, name: string): Promise<string> {
  const email = freshEmail(name);
  await gotoSignedOutForm(page, '/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(accountMenuButton(page)).toBeVisible();
  return email;
}

async function newSignedInPage(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await registerFresh(page, name);
  return page;
}

test.describe('My Profile', () => {
  test('edits the profile with an image and sees it in the header avatar', async ({ page, request }) => {
    const email = await registerFresh(page, 'Profile Journey');
    await gotoReady(page, '/myProfile');
    const main = page.getByRole('main');
    await expect(main.getByText('Not Updated')).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Your Profile' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Profile Journey');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Education').fill('BSc in Physics, University of Dhaka');
    await dialog.getByLabel('Location').fill('Dhaka, Bangladesh');
    await dialog.getByLabel('Phone').fill('+880 1711-000000');
    await dialog.getByLabel('Image (png, jpeg or jpg)').setInputFiles(AVATAR_FIXTURE);
    await dialog.getByRole('button', { name: 'Update' }).click();

    const popup = page.getByRole('status').filter({ hasText: 'Profile Updated Successfully !!' });
    await expect(popup).toBeVisible();
    await expect(dialog).toBeHidden();
    // docs/product.md §9: the popup lasts 1.5 s.
    await expect(popup).toBeHidden({ timeout: 4000 });

    await expect(main.getByText('BSc in Physics, University of Dhaka')).toBeVisible();
    await expect(main.getByText('Dhaka, Bangladesh')).toBeVisible();
    await expect(main.getByText('+880 1711-000000')).toBeVisible();
    await expect(main.getByText('Not Updated')).toHaveCount(0);

    const profileAvatar = page.getByRole('img', { name: "Profile Journey's avatar" });
    await expect(profileAvatar).toHaveAttribute('src', /^\/media\/[0-9a-f]{24}$/);
    const src = (await profileAvatar.getAttribute('src')) ?? '';
    // The header picks the new picture up without a reload (the session is refreshed).
    await expect(accountMenuButton(page).locator('img')).toHaveAttribute('src', src);

    const image = await request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect(image.headers()['x-content-type-options']).toBe('nosniff');
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    // The form was reset: reopening shows the saved values and no chosen file.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(dialog.getByLabel('Education')).toHaveValue('BSc in Physics, University of Dhaka');
    await expect(dialog.getByLabel('Image (png, jpeg or jpg)')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Editing again without choosing a picture keeps the current one: no "Image is required".
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(dialog.getByText('Leave it empty to keep your current picture.')).toBeVisible();
    await dialog.getByLabel('Location').fill('Chattogram, Bangladesh');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile Updated Successfully !!' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main.getByText('Chattogram, Bangladesh')).toBeVisible();
    await expect(profileAvatar).toHaveAttribute('src', src);

    // After a reload the header still shows the picture.
    await page.reload();
    await expect(accountMenuButton(page).locator('img')).toHaveAttribute('src', src);
  });

  test('shows every validation message of the Update Your Profile form', async ({ page }) => {
    await registerFresh(page, 'Profile Rules');
    await gotoReady(page, '/myProfile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Your Profile' });

    await dialog.getByRole('button', { name: 'Update' }).click();
    for (const message of ['Education is required', 'Location is required', 'Phone is required', 'Image is required']) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }

    await dialog.getByLabel('Phone').fill('call me');
    await dialog.getByLabel('Image (png, jpeg or jpg)').setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Provide a valid phone number')).toBeVisible();
    await expect(dialog.getByText('Image must be a png, jpeg or jpg file')).toBeVisible();

    // Nothing was saved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByText('Not Updated')).toHaveCount(3);
  });

  test('the upload endpoint refuses other files and signed-out callers', async ({ page, playwright }) => {
    await registerFresh(page, 'Upload Rules');
    const upload = (name: string, mimeType: string, buffer: Buffer) =>
      page.request.post('/api/uploads/image', { multipart: { image: { name, mimeType, buffer } } });

    const html = await upload('photo.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.status()).toBe(415);
    const svg = await upload('photo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    expect(svg.status()).toBe(415);
    const huge = await upload('big.png', 'image/png', Buffer.alloc(6 * 1024 * 1024, 1));
    expect(huge.status()).toBe(413);

    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const signedOut = await anonymous.post('/api/uploads/image', { multipart: { image: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('x') } } });
    expect(signedOut.status()).toBe(401);
    await anonymous.dispose();
  });
});

test.describe('Add Review', () => {
  test('adds a review, sees it on the home page, and a second one replaces it', async ({ page }) => {
    // Several sign-ins, page rebuilds and e-mails in one journey.
    test.slow();
    // Names are letters only (lib/schemas/auth.ts): the unique part is spelled in letters.
    const name = `Reviewer ${Date.now().toString(36).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')}`;
    await registerFresh(page, name);
    await gotoReady(page, '/addReviwe');
    await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);

    const first = `Clear lessons and patient teachers ${Date.now().toString(36)}`;
    await page.getByLabel('Rating (0 to 5)').fill('5');
    await page.getByLabel('Comment').fill(first);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your Review Add Successfully' })).toBeVisible();
    // The form resets.
    await expect(page.getByLabel('Rating (0 to 5)')).toHaveValue('');
    await expect(page.getByLabel('Comment')).toHaveValue('');
    await expect(page.getByText('You have already added a review. Sending this form replaces it.')).toBeVisible();

    // The home page is rebuilt on demand after a review is saved (newest 3 reviews).
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByText(first)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(name).first()).toBeVisible();

    const second = `Changed my rating after the exams ${Date.now().toString(36)}`;
    await gotoReady(page, '/addReview');
    await page.getByLabel('Rating (0 to 5)').fill('4');
    await page.getByLabel('Comment').fill(second);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Your Review Add Successfully')).toBeVisible();
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByText(second)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(first)).toHaveCount(0);
  });

  test('shows the rating and comment messages', async ({ page }) => {
    await registerFresh(page, 'Review Rules');
    await gotoReady(page, '/addReviwe');
    const ratingError = page.locator('#review-rating-error');

    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(ratingError).toHaveText('Ratting Will Be Between 0 to 5 ', { useInnerText: false });
    await expect(page.getByText('Comment is required')).toBeVisible();

    for (const rating of ['6', '-1', '5.5']) {
      // A valid value clears the message (the form re-validates as you type after a submit).
      await page.getByLabel('Rating (0 to 5)').fill('3');
      await expect(ratingError).toBeEmpty();
      await page.getByLabel('Rating (0 to 5)').fill(rating);
      await page.getByRole('button', { name: 'Add Review' }).click();
      await expect(ratingError).not.toBeEmpty();
      // Exactly the text of docs/product.md §5, trailing space included.
      expect(await ratingError.textContent()).toBe('Ratting Will Be Between 0 to 5 ');
    }

    // The comment box stops at 120 characters.
    await page.getByLabel('Comment').fill('x'.repeat(130));
    await expect(page.getByLabel('Comment')).toHaveValue('x'.repeat(120));
    await expect(page.getByText('120/120')).toBeVisible();
  });

  test('a GIF is refused in the browser, as the server refuses it for a profile picture', async ({ page }) => {
    await registerFresh(page, 'Profile Gif');
    await gotoReady(page, '/myProfile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Your Profile' });
    const picker = dialog.getByLabel('Image (png, jpeg or jpg)');
    await expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg');
    await dialog.getByLabel('Education').fill('HSC');
    await dialog.getByLabel('Location').fill('Dhaka');
    await dialog.getByLabel('Phone').fill('01700000000');
    await picker.setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Image must be a png, jpeg or jpg file')).toBeVisible();
  });

  test('needs sign-in, and /addReview answers too', async ({ page }) => {
    await page.goto('/addReviwe');
    await expect(page).toHaveURL('/login?from=%2FaddReviwe');
    await page.goto('/addReview');
    await expect(page).toHaveURL('/login?from=%2FaddReview');
    await page.goto('/notifications');
    await expect(page).toHaveURL('/login?from=%2Fnotifications');
  });
});

test.describe('Notifications', () => {
  /**
   * Adds a course through the admin's Add Course screen: a draft, which tells nobody. Its id, from
   * the curriculum editor it opens in.
   */
  async function addCourseAsAdmin(admin: Page, title: string): Promise<string> {
    await loginReady(admin, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await expect(accountMenuButton(admin)).toBeVisible();
    await gotoReady(admin, '/addCourse');
    const field = (label: string) => admin.getByLabel(label, { exact: true });
    await field('Course type').selectOption('entertainCourse');
    await field('Title').fill(title);
    await field('Upload image').setInputFiles(AVATAR_FIXTURE);
    await expect(field('Image')).toHaveValue(/^\/media\/[0-9a-f]{24}$/);
    await field('Price (dollars)').fill('12');
    await field('Price (৳)').fill('1450');
    await field('Description').fill('Build and program a small robot, one lesson a week.');
    await field('Instructor').selectOption({ label: 'Rakib Hasan' });
    await field('Video (YouTube address)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await field('About the instructor').fill('Teaches robotics clubs in Dhaka schools.');
    await admin.getByRole('button', { name: 'Add Course' }).click();
    await expect(admin.getByText('Course added successfully')).toBeVisible();
    await expect(admin).toHaveURL(/\/entertainCourse\/update\/[0-9a-f]{24}#curriculum$/);
    return new URL(admin.url()).pathname.split('/').pop() ?? '';
  }

  /** Publishes the admin's draft from its screen, once it has a lesson: that is when learners are told. */
  async function publishAsAdmin(admin: Page, courseId: string): Promise<void> {
    await addFirstLesson(admin.request, courseId);
    await gotoReady(admin, `/entertainCourse/update/${courseId}`);
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(admin.getByText('Course published: it is on sale now.')).toBeVisible();
  }

  async function noticeTitles(page: Page): Promise<(string | undefined)[]> {
    const answer = (await (await page.request.get('/api/notifications?page=1&pageSize=50')).json()) as { notices: { title?: string }[] };
    return answer.notices.map((notice) => notice.title);
  }

  test("admin publishes a new course: the bell shows it, reading clears it for that user only, without a reload", async ({ browser }) => {
    // Several sign-ins, page rebuilds and e-mails in one journey.
    test.slow();
    // Both accounts exist before the notice; notices older than an account count as read for it.
    const reader = await newSignedInPage(browser, 'Bell Reader');
    const other = await newSignedInPage(browser, 'Bell Other');
    const admin = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    const bell = (page: Page, unread: number) => page.getByRole('button', { name: `Notifications, ${unread} unread`, exact: true });
    await expect(bell(reader, 0)).toBeVisible();

    const title = `Robotics Club ${Date.now().toString(36)}`;
    let courseId: string | undefined;
    try {
      courseId = await addCourseAsAdmin(admin, title);
      // A draft is news to nobody: added, it tells no learner.
      expect(await noticeTitles(reader)).not.toContain(title);
      await publishAsAdmin(admin, courseId);

      // The open page learns about it when it regains focus (it also polls): no reload.
      await reader.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(bell(reader, 1)).toBeVisible();
      const answer = (await (await reader.request.get('/api/notifications?page=1&pageSize=50')).json()) as { notices: { title?: string; itemId: string }[] };
      expect(answer.notices.find((notice) => notice.title === title)?.itemId).toBe(courseId);

      await bell(reader, 1).click();
      const panel = reader.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      await expectNoAxeViolations(reader);
      // The notice leads to the new course, and following it marks it read.
      const coursePage = `/entertainCourse/coursesInfo/${courseId}`;
      const notice = panel.getByRole('link', { name: `New course: ${title}` });
      await expect(notice).toHaveAttribute('href', coursePage);
      await notice.focus();
      await reader.keyboard.press('Enter');
      await expect(reader).toHaveURL(coursePage);
      await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(panel).toBeHidden();
      await expect(bell(reader, 0)).toBeVisible();
      await bell(reader, 0).click();
      const readNotice = panel.getByRole('listitem').filter({ hasText: `New course: ${title}` });
      await expect(readNotice).toContainText('· read');
      await expect(readNotice.getByRole('button')).toHaveCount(0);
      await expect(readNotice.getByRole('link', { name: `New course: ${title}` })).toHaveAttribute('href', coursePage);

      // The other user still has it unread, on the bell and on the full list, where it can also be
      // marked read without leaving the page.
      await gotoReady(other, '/notifications');
      await expect(other.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await expect(bell(other, 1)).toBeVisible();
      await expect(other.getByText('1 unread', { exact: true })).toBeVisible();
      await expect(other.getByRole('main').getByRole('link', { name: `New course: ${title}` })).toHaveAttribute('href', coursePage);
      await expectNoAxeViolations(other);
      await expect(other.getByRole('main').getByRole('button', { name: `Mark as read: New course: ${title}` })).toBeVisible();
      await other.getByRole('main').getByRole('button', { name: 'mark all as read' }).click();
      await expect(other.getByText('You are all caught up.')).toBeVisible();
      await expect(bell(other, 0)).toBeVisible();

      await reader.reload();
      await expect(bell(reader, 0)).toBeVisible();
    } finally {
      // Leave the catalogue as the other journeys expect it.
      if (courseId) await admin.request.delete(`/api/course/${courseId}`);
      for (const page of [reader, other, admin]) await page.context().close();
    }
  });
});

test.describe('Notifications of deleted items', () => {
  test('a notice whose book is gone says so, opens nothing, and can still be marked read', async ({ page }) => {
    await registerFresh(page, 'Gone Reader');
    const client = await MongoClient.connect(MONGODB_URI);
    const noticeId = new ObjectId();
    const bookName = `Withdrawn Book ${Date.now().toString(36)}`;
    try {
      // As if its book had been deleted without the notice being withdrawn (deleteBook does that,
      // but a notice published before, or racing the delete, must not lead to a 404).
      await client.db().collection('notifications').insertOne({ _id: noticeId, kind: 'book', itemId: new ObjectId(), bookName, createdAt: new Date() });
      await gotoReady(page, '/notifications');
      const item = page.getByRole('main').getByRole('listitem').filter({ hasText: `New book: ${bookName}` });
      await expect(item).toContainText('· unread · no longer available');
      await expect(item.getByRole('link')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await item.getByRole('button', { name: `Mark as read: New book: ${bookName}` }).click();
      await expect(item).toContainText('· read · no longer available');
      await expect(item.getByRole('button')).toHaveCount(0);
    } finally {
      await client.db().collection('notificationReads').deleteMany({ notificationId: noticeId });
      await client.db().collection('notifications').deleteOne({ _id: noticeId });
      await client.close();
    }
  });
});

test.describe('E-mail verification', () => {
  test('registration mails a link that verifies the address once', async ({ page }) => {
    // Several sign-ins, page rebuilds and e-mails in one journey.
    test.slow();
    const email = await registerThroughForm(page, 'Verify Journey');
    const banner = page.getByText('Please verify your e-mail address: we sent you a link.');
    await expect(banner).toBeVisible();

    const link = await waitForMailedLink(email, '/verify-email');
    await gotoReady(page, link);
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    await page.getByRole('button', { name: 'Verify my e-mail' }).click();
    await expect(page.getByText('Your e-mail address is verified. Thank you!')).toBeVisible();

    // The link works once.
    await gotoReady(page, link);
    await page.getByRole('button', { name: 'Verify my e-mail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This link has already been used.' })).toBeVisible();

    // A fresh session reads the verified state: no banner.
    await logout(page);
    await loginReady(page, email, PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(accountMenuButton(page)).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('a made-up link is refused', async ({ page }) => {
    await gotoReady(page, '/verify-email?token=not-a-real-token');
    await page.getByRole('button', { name: 'Verify my e-mail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid. Ask for a new one.' })).toBeVisible();
  });
});

test.describe('Password reset', () => {
  test('Reset Password on /login mails a link that sets a new password once', async ({ page }) => {
    // Several sign-ins, page rebuilds and e-mails in one journey.
    test.slow();
    const email = await registerFresh(page, 'Reset Journey');
    await logout(page);

    await gotoSignedOutForm(page, '/login');
    // An empty address gets a validation message, not the old client's misleading "Sent email" (docs/product.md §4).
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('email is requires')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Provide a valid email')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sent email' })).toBeVisible();

    const link = await waitForMailedLink(email, '/reset-password');
    await gotoReady(page, link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('password is requires')).toBeVisible();
    await page.getByLabel('New password').fill('12345');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();

    await page.getByLabel('New password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

    // The link works once: opened again, the page says so at once instead of showing the form.
    await gotoReady(page, link);
    await expect(page.getByRole('alert').filter({ hasText: 'This link has expired: it was already used to set a new password.' })).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    // A made-up link says it is not valid.
    await gotoReady(page, '/reset-password?token=not-a-real-token');
    await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid.' })).toBeVisible();
    // The endpoint still refuses the used link on its own.
    const reused = await page.request.post('/api/account/password-reset/confirm', {
      data: { token: new URL(link, 'http://site.invalid').searchParams.get('token'), password: 'another-secret' },
    });
    expect(reused.status()).toBe(409);

    // The old password no longer works; the new one does.
    await loginReady(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' })).toBeVisible();
    await loginReady(page, email, 'brand-new-secret');
    await expect(page).toHaveURL('/');
    await expect(accountMenuButton(page)).toBeVisible();
  });

  test('an unknown address gets the same answer', async ({ page }) => {
    await gotoSignedOutForm(page, '/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sent email' })).toBeVisible();
  });
});

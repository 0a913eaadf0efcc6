import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { TEACHERS } from '../scripts/seed-data/instructors';
import { addFirstLesson } from './support/api';
import { DEMO_ACCOUNTS, accountMenuButton, expectNoAxeViolations, login, uniqueEmail } from './support/helpers';

// Admin journeys (docs/product.md §2 admin routes and forms, §4 Delete and User role, §5
// validation, §8 confirmations and toasts, §9 defaults): each entity is added, edited and deleted
// through the screens, and every change shows on the public pages at once. Every journey removes
// what it created, so the seeded catalogue stays as the other journeys expect it.

const AVATAR_FIXTURE = path.join(__dirname, 'fixtures', 'avatar.png');
/** One of the seed's local pictures: a valid image address that needs no upload. */
const LOCAL_IMAGE = '/demo/auth.webp';
const UNKNOWN_ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

/** Demo instructors (Physics): a course is given one from Instructors and shows their name, photo and education. */
const TEACHER = TEACHERS.tanvirRahman;
const OTHER_TEACHER = TEACHERS.mehnazKarim;

/** The course forms' fields that are gone: the instructor is picked, the counts come from the curriculum. */
const REMOVED_COURSE_FIELDS = ['Instructor name', 'Instructor image', 'Education', 'Hours', 'Videos', 'Quizzes', 'Notes'];

const ADD_COURSE_NOTE =
  'Every field is required but the promo video. The course is saved as a draft, seen by admins only, and opens in its curriculum editor: add its lessons, then publish it. Its hours, lessons and enrolment are counted, never typed.';

/** The Bengali texts of the draft panel, from the message file (a missing translation fails the journey). */
const BN = JSON.parse(readFileSync(path.join(__dirname, '..', 'messages', 'bn.json'), 'utf8')) as { courseForm: { draftStatus: string; publish: string } };

/** The instructor an old client types: not one of Instructors. */
const LEGACY_TEACHER = 'Short Teacher';

/** A liveCourse draft added the old client's way (POST /api/addCourse, a typed instructor and counts); its id. */
async function addLegacyDraft(page: Page, title: string): Promise<string> {
  const added = await page.request.post('/api/addCourse', {
    data: {
      classCourse: 'liveCourse', title, img: LOCAL_IMAGE, price: 5, priceBdt: 600, ShortDescription: 'A very short course.', instructorImg: LOCAL_IMAGE,
      instructorName: LEGACY_TEACHER, education: 'MSc', about: 'Brief.', video: 'https://youtu.be/abcdefghijk', hours: 1, videos: 1, quizzes: 1, notes: 1,
    },
  });
  expect(added.status()).toBe(201);
  return ((await added.json()) as { insertedId: string }).insertedId;
}

/** Today as the site writes a date ("29 November 2026", the day in UTC). */
function todayAsShown(): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
}

/** A name no seeded item contains, so searches and lists find exactly the journey's item. */
function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the endpoint behind the login form (the login screen has its own journeys). */
async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  const answer = await page.request.post('/api/account/login', { data: { email: account.email, password: account.password } });
  expect(answer.status()).toBe(200);
}

/** Client forms validate only once hydrated. */
async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // A form's fields stay disabled until React hydrates it; axe would judge its dimmed button.
  await expect(page.locator('form > fieldset[disabled]')).toHaveCount(0);
}

/** A catalogue page once the header knows who is signed in (the card icons depend on it). */
async function gotoSignedIn(page: Page, url: string): Promise<void> {
  await gotoReady(page, url);
  await expect(accountMenuButton(page)).toBeVisible();
}

/** Marks the document; the mark survives client navigation and refreshes but not a full reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.journeyMark = 'still-here';
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.journeyMark)).toBe('still-here');
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').getByText(text, { exact: true });
}

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** The footer's social icons carry the same names as the instructor form's link fields. */
function socialField(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

test.describe('admin catalogue journeys', () => {
  // Each journey adds, edits and deletes through several pages; on a busy 2-core machine that
  // takes longer than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO_ACCOUNTS.admin);
  });

  test('a course: added as a draft with an instructor from the list, built in its curriculum editor, published, edited, deleted from its card', async ({ page }) => {
    const title = uniqueName('Journey Course');
    const searchWord = title.split(' ').pop() ?? title;
    await gotoReady(page, '/addCourse');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();
    await expect(page.getByText(ADD_COURSE_NOTE, { exact: true })).toBeVisible();
    // The instructor is picked, not typed; the counts come from the curriculum.
    for (const gone of REMOVED_COURSE_FIELDS) await expect(field(page, gone), gone).toHaveCount(0);
    const instructor = field(page, 'Instructor');
    await expect(instructor.locator('option').first()).toHaveText('Choose an instructor');
    await expect(instructor.locator('optgroup[label="Physics"] option', { hasText: TEACHER.name })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await field(page, 'Course type').selectOption('liveCourse');
    await field(page, 'Title').fill(title);
    await field(page, 'Upload image').setInputFiles(AVATAR_FIXTURE);
    await expect(field(page, 'Image')).toHaveValue(/^\/media\/[0-9a-f]{24}$/);
    await expect(page.getByRole('img', { name: 'Preview of the image' })).toBeVisible();
    await field(page, 'Price (dollars)').fill('25.5');
    await field(page, 'Price (৳)').fill('3050');
    await field(page, 'Description').fill('A live journey through the admin screens.');
    await instructor.selectOption({ label: TEACHER.name });
    await field(page, 'Video (YouTube address)').fill('https://www.youtube.com/watch?v=abcdefghijk');
    await field(page, 'About the instructor').fill('Teaches with browsers.');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(toast(page, 'Course added successfully')).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').getByText('Now add its lessons, then publish it.', { exact: true })).toBeVisible();
    // Straight to its curriculum editor: lessons are what the course still needs.
    await expect(page).toHaveURL(/\/liveCourse\/update\/[0-9a-f]{24}#curriculum$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Curriculum' })).toBeInViewport();
    const courseId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const updatePath = `/liveCourse/update/${courseId}`;
    const coursePath = `/liveCourse/coursesInfo/${courseId}`;

    // A draft: its screen says so, offers Publish (not yet: no lessons) instead of the public page.
    const draftStatus = page.getByText('Draft: only admins see this course.', { exact: true });
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await expect(draftStatus).toBeVisible();
    await expect(page.getByText('No lessons yet: add one below.', { exact: true })).toBeVisible();
    await expect(publish).toBeDisabled();
    await expect(page.getByRole('link', { name: `View “${title}”` })).toHaveCount(0);
    await expect(page.getByLabel(/Coming soon/)).toHaveCount(0);
    // The instructor picked is the one the form shows.
    await expect(field(page, 'Instructor').locator('option:checked')).toHaveText(TEACHER.name);
    for (const gone of REMOVED_COURSE_FIELDS) await expect(field(page, gone), gone).toHaveCount(0);
    await gotoReady(page, updatePath);
    await expect(draftStatus).toBeVisible();
    await expectNoAxeViolations(page);

    // On a phone the panel and its button fit the screen: no sideways scrolling.
    await page.setViewportSize(PHONE);
    await expect(draftStatus).toBeInViewport();
    await expect(publish).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const button = await publish.boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // The same screen in Bengali.
    await gotoReady(page, `/bn${updatePath}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByText(BN.courseForm.draftStatus, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: BN.courseForm.publish, exact: true })).toBeDisabled();
    await expectNoAxeViolations(page);

    // Seen by admins only: in no list, not in search, no page, not in the legacy API.
    await gotoSignedIn(page, '/courses/liveCourse');
    await expect(page.getByRole('list', { name: 'Live Course courses' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
    await gotoReady(page, `/searchCourse/${encodeURIComponent(searchWord)}`);
    await expect(page.getByRole('heading', { name: 'Your Total Search Result Is: 0' })).toBeVisible();
    // Asked outside the browser: the browser would keep that 404 for the published page.
    expect((await page.request.get(coursePath)).status()).toBe(404);
    expect((await page.request.get(`/api/course/${courseId}`)).status()).toBe(404);
    expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(courseId);

    // The admins find it among the drafts, from the admin menu.
    await gotoSignedIn(page, '/');
    await accountMenuButton(page).click();
    await page.getByRole('link', { name: 'Draft Courses', exact: true }).click();
    await expect(page).toHaveURL('/admin/drafts');
    await expect(page.getByRole('heading', { level: 1, name: 'Draft courses' })).toBeVisible();
    const draft = page.getByRole('list', { name: 'Draft courses' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(draft).toContainText(`No lessons yet · Added ${todayAsShown()}`);
    await expectNoAxeViolations(page);
    await draft.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(`${updatePath}#curriculum`);

    // A section and an article lesson, through the editor.
    const editor = page.getByRole('region', { name: 'Curriculum' });
    await editor.getByLabel('New section title').fill('Getting started');
    await editor.getByRole('button', { name: 'Add section' }).click();
    await expect(editor.getByLabel('Section 1', { exact: true })).toHaveValue('Getting started');
    await editor.getByLabel('New lesson title').fill('Welcome');
    await editor.getByLabel('Type').selectOption({ label: 'Article' });
    await editor.getByRole('button', { name: 'Add lesson to section 1' }).click();
    await expect(editor.getByText('Welcome', { exact: true })).toBeVisible();
    await expect(page.getByText('1 lesson so far.', { exact: true })).toBeVisible();
    await editor.getByRole('button', { name: 'Edit lesson “Welcome”' }).click();
    const lesson = page.getByRole('form', { name: 'Edit lesson “Welcome”' });
    await lesson.getByLabel('Article text (Markdown)').fill('## Welcome\n\nWhat the journey covers.');
    await lesson.getByLabel('Duration (minutes)').fill('30');
    await lesson.getByRole('button', { name: 'Save lesson' }).click();
    await expect(page.getByText('Saved “Welcome”')).toBeVisible();

    // Published: the panel gives way to the public page's link.
    await expect(publish).toBeEnabled();
    await publish.click();
    await expect(toast(page, 'Course published: it is on sale now.')).toBeVisible();
    await expect(draftStatus).toHaveCount(0);
    await expect(page.getByRole('link', { name: `View “${title}”` })).toBeVisible();
    await expect(page.getByLabel(/Coming soon/)).not.toBeChecked();

    // Public at once: the list, the search index and the detail page with the picked instructor.
    await gotoSignedIn(page, '/courses/liveCourse');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(coursePath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const facts = page.getByLabel('Course facts');
    // A new course has no buyers, and says so: no invented enrolment. Its counts are its curriculum's.
    for (const [label, value] of [['Enrolled', '0'], ['Hours', '0.5'], ['Videos', '0'], ['Quizzes', '0'], ['Notes', '1'], ['Transcripts', '0']] as const) {
      await expect(facts.locator('div', { hasText: label }).getByRole('definition'), label).toHaveText(value);
    }
    const teacher = page.getByRole('region', { name: 'Instructor', exact: true });
    await expect(teacher.getByText(TEACHER.name, { exact: true })).toBeVisible();
    await expect(teacher.getByText(TEACHER.education, { exact: true })).toBeVisible();
    await expect(teacher.getByRole('img', { name: `Instructor ${TEACHER.name}` })).toBeVisible();
    await expect(teacher.getByText('Teaches with browsers.')).toBeVisible();
    // No objective or typed syllabus was written: nothing invented stands in for them.
    await expect(page.getByRole('heading', { name: 'What you will learn' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Syllabus' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Course Content' })).toBeVisible();
    // On sale, with the default promo code.
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(page.getByText('KZ2026', { exact: true })).toBeVisible();
    expect(await (await page.request.get(`/api/course/${courseId}`)).json()).toMatchObject({ promoCode: 'KZ2026', Enrolled: 0 });
    await gotoReady(page, `/searchCourse/${encodeURIComponent(searchWord)}`);
    await expect(page.getByRole('heading', { name: 'Your Total Search Result Is: 1' })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/sitemap.xml')).text()).includes(courseId)).toBe(true);

    // Edit from the card: the form is prefilled; the change (another instructor too) is public at once.
    await gotoSignedIn(page, '/courses/liveCourse');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(updatePath);
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Price (dollars)')).toHaveValue('25.5');
    await expect(field(page, 'Price (৳)')).toHaveValue('3050');
    await expect(field(page, 'Instructor').locator('option:checked')).toHaveText(TEACHER.name);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const renamed = `${title} Renamed`;
    await field(page, 'Title').fill(renamed);
    await field(page, 'Price (dollars)').fill('30');
    await field(page, 'Price (৳)').fill('3600');
    await field(page, 'Instructor').selectOption({ label: OTHER_TEACHER.name });
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'Course updated successfully')).toBeVisible();
    await gotoReady(page, coursePath);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instructor', exact: true }).getByText(OTHER_TEACHER.education, { exact: true })).toBeVisible();
    await gotoSignedIn(page, '/courses/liveCourse');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: renamed, exact: true }) });
    await expect(card).toContainText('$30.00');
    await expect(card).toContainText('৳3,600');

    // Delete from the card: the course dialog, then the list updates without a reload.
    await markDocument(page);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Do You Want To Delete This ??' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(page.getByText('Your course has been deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    await expectSameDocument(page);
    await gotoReady(page, `/searchCourse/${encodeURIComponent(searchWord)}`);
    await expect(page.getByRole('heading', { name: 'Your Total Search Result Is: 0' })).toBeVisible();

    // Every step is in the audit log.
    await gotoReady(page, '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('cell', { name: `Deleted the course “${renamed}”` })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Updated the course “${renamed}”` })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Published the course “${title}”` })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Added the course “${title}” (liveCourse) as a draft` })).toBeVisible();
  });

  test('a book: added with its PDF, a disguised file refused, edited (→ /books), deleted from its card', async ({ page }) => {
    const bookName = uniqueName('Journey Book');
    await gotoReady(page, '/addBook');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Book' })).toBeVisible();
    await expectNoAxeViolations(page);

    await field(page, 'Book name').fill(bookName);
    await field(page, 'Price (dollars)').fill('7');
    await field(page, 'Price (৳)').fill('850');
    await field(page, 'Image').fill(LOCAL_IMAGE);
    await field(page, 'About').fill('Lecture notes for the journey.');
    await field(page, 'Page number').fill('120');
    await field(page, 'Interactive').selectOption('YES');
    await field(page, 'Format').selectOption('PDF');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    await field(page, 'Book file').setInputFiles({ name: 'journey.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText(`journey.pdf (${pdf.length} B)`)).toBeVisible();
    await field(page, 'Writer name').fill('Journey Writer');
    await field(page, 'Writer education').fill('PhD in Chemistry');
    await field(page, 'Writer image').fill(LOCAL_IMAGE);
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expect(toast(page, 'Add a Book')).toBeVisible();
    await expect(toast(page, 'The book file was uploaded.')).toBeVisible();

    await gotoSignedIn(page, '/books');
    await expect(page.getByRole('heading', { name: bookName })).toBeVisible();

    await page.getByRole('link', { name: `Edit ${bookName}` }).click();
    await expect(page).toHaveURL(/\/updateBook\/[0-9a-f]{24}$/);
    await expect(field(page, 'Book name')).toHaveValue(bookName);
    await expect(field(page, 'Writer name')).toHaveValue('Journey Writer');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const renamed = `${bookName} Second Edition`;
    await field(page, 'Book name').fill(renamed);

    // An HTML page named .pdf is refused by its bytes; the book itself was saved.
    await field(page, 'Book file (optional)').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await page.getByRole('button', { name: 'Update Book' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText(/its file was not stored: Only PDF or MP3 files are allowed\./)).toBeVisible();
    await expect(page).toHaveURL(/\/updateBook\//);

    await field(page, 'Book file (optional)').setInputFiles([]);
    await page.getByRole('button', { name: 'Update Book' }).click();
    await expect(toast(page, 'Update Book successfully')).toBeVisible();
    await expect(page).toHaveURL('/books');
    await expect(accountMenuButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    await markDocument(page);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("You won't be able to revert this!");
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(page.getByText('Your book has been deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('a blog post: added with a date picker, edited (→ /blogs), deleted from its card', async ({ page }) => {
    const title = uniqueName('Journey Blog');
    await gotoReady(page, '/addBlog');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Blog' })).toBeVisible();
    await expect(field(page, 'Date')).toHaveAttribute('type', 'date');
    await expectNoAxeViolations(page);

    await field(page, 'Title').fill(title);
    await field(page, 'Image').fill(LOCAL_IMAGE);
    await field(page, 'Writer name').fill('Journey Writer');
    await field(page, 'Date').fill('2026-03-14');
    await field(page, 'Description').fill('Notes from a journey through the admin screens.');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await expect(toast(page, 'Add a Blog')).toBeVisible();

    await gotoSignedIn(page, '/blogs');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toContainText(/14 Mar(ch)? 2026/);

    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/updateBlog\/[0-9a-f]{24}$/);
    await expect(field(page, 'Date')).toHaveValue('2026-03-14');
    await page.waitForLoadState('networkidle');
    const renamed = `${title} Revised`;
    await field(page, 'Title').fill(renamed);
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await expect(toast(page, 'Update Blog successfully')).toBeVisible();
    await expect(page).toHaveURL('/blogs');
    await expect(accountMenuButton(page)).toBeVisible();

    await markDocument(page);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("You won't be able to revert this!");
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(page.getByText('Your blog has been deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('an instructor: added to a subject, edited (stays on the page), deleted from the card', async ({ page }) => {
    const name = uniqueName('Journey Instructor');
    await gotoReady(page, '/addInstructor');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Instructor' })).toBeVisible();
    await expectNoAxeViolations(page);

    await field(page, 'Name').fill(name);
    await field(page, 'Subject').selectOption('Finance');
    await field(page, 'Image').fill(LOCAL_IMAGE);
    await field(page, 'Education').fill('MBA in Finance');
    for (const network of ['Facebook', 'Twitter', 'Instagram', 'LinkedIn']) await socialField(page, network).fill(`https://${network.toLowerCase()}.com/journey`);
    await page.getByRole('button', { name: 'Add Instructor' }).click();
    await expect(toast(page, 'Instructor added successfully!!')).toBeVisible();

    await gotoSignedIn(page, '/instructor/finance');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/Finance\/newAdd\/[0-9a-f]{24}$/);
    const updateUrl = page.url();
    await expect(field(page, 'Subject')).toHaveValue('Finance');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const renamed = `${name} Senior`;
    await field(page, 'Name').fill(renamed);
    await page.getByRole('button', { name: 'Update Instructor' }).click();
    await expect(toast(page, 'Update the instructor successfully!!')).toBeVisible();
    expect(page.url()).toBe(updateUrl);

    await gotoSignedIn(page, '/instructor/finance');
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await markDocument(page);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(page.getByText('Your instructor has been deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('All Users: Make Admin turns the button into ADMIN, shows on the promoted account’s next page, is audited, and the account can be deleted', async ({ page, browser }) => {
    const email = uniqueEmail('promoted');
    // A second browser registers and signs in the account, so this page stays signed in as the admin.
    const promotedContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const promotedPage = await promotedContext.newPage();
    const registered = await promotedPage.request.post('/api/account/register', { data: { name: 'Promoted User', email, password: 'secret12' } });
    expect(registered.status()).toBe(200);
    await signInAs(promotedPage, { email, password: 'secret12' });
    await gotoReady(promotedPage, '/');
    await accountMenuButton(promotedPage).click();
    await expect(promotedPage.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(promotedPage.getByRole('link', { name: 'All Users' })).toHaveCount(0);

    // Oldest first, so the new account is on the last page (an out-of-range page shows the last one).
    await gotoReady(page, '/users?page=100000');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Successfully made an admin')).toBeVisible();
    await expect(row.getByText('ADMIN', { exact: true })).toBeVisible();

    // Still signed in, and the very next page load shows the admin menus.
    await gotoReady(promotedPage, '/');
    await accountMenuButton(promotedPage).click();
    await expect(promotedPage.getByRole('link', { name: 'All Users' })).toBeVisible();
    await promotedContext.close();

    await gotoReady(page, '/admin/audit');
    await expect(page.getByRole('cell', { name: `Made ${email} an admin` })).toBeVisible();

    await gotoReady(page, '/users?page=100000');
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Deleted!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });
});

test('the legacy admin API: old field names and answers, 400 for bad input or a malformed id, 404 for an unknown id', async ({ page }) => {
  await signInAs(page, DEMO_ACCOUNTS.admin);
  const stamp = uniqueName('Legacy');
  const courseBody = {
    classCourse: 'classNine', title: `${stamp} Course`, img: LOCAL_IMAGE, price: '19.99', ShortDescription: 'Old client course.', instructorImg: LOCAL_IMAGE,
    instructorName: 'Old Client', education: 'MSc', about: 'About.', video: 'https://youtu.be/abcdefghijk', hours: '10', videos: 20, quizzes: 5, notes: 4,
    Enrolled: 25, transcripts: 10, promoCode: 'KZ2026', state: 'unread',
  };
  const { classCourse: _list, instructorImg: _instructorImg, video: _video, Enrolled: _enrolled, transcripts: _transcripts, promoCode: _promo, state: _state, ...courseUpdate } = courseBody;
  const bookBody = {
    bookName: `${stamp} Book`, img: LOCAL_IMAGE, price: 5, writerName1: 'Writer', writerImg: LOCAL_IMAGE, educationWriter1: 'MA', about: 'About.',
    page: '90', interactive: 'NO', formate: 'MP3', filesize: '40 MB',
  };
  const { writerName1, writerImg, bookName, img, about, page: pages, formate, filesize, price } = bookBody;
  const blogBody = { title: `${stamp} Blog`, img: LOCAL_IMAGE, writerName: 'Writer', date: '2026-01-02', description: 'Old client post.' };
  const instructorBody = {
    Subject: 'Biology', name: `${stamp} Instructor`, img: LOCAL_IMAGE, education: 'MSc', facebook: 'https://facebook.com/x', linkedin: 'https://linkedin.com/in/x',
    instagram: 'https://instagram.com/x', twitter: 'https://twitter.com/x',
  };
  const entities = [
    { add: '/api/addCourse', body: courseBody, update: '/api/courseUpdate/', change: { ...courseUpdate, title: `${stamp} Course 2` }, remove: '/api/course/' },
    { add: '/api/addBook', body: bookBody, update: '/api/bookUpdate/', change: { bookName: `${bookName} 2`, img, about, writerName1, writerImg, page: pages, formate, filesize, price }, remove: '/api/bookDelete/' },
    { add: '/api/addBlog', body: blogBody, update: '/api/blogUpdate/', change: { ...blogBody, title: `${stamp} Blog 2` }, remove: '/api/blogDelete/' },
    { add: '/api/addInstructor', body: instructorBody, update: '/api/updateInstructor/', change: { ...instructorBody, Subject: 'Physics' }, remove: '/api/instructor/' },
  ];

  for (const entity of entities) {
    expect((await page.request.post(entity.add, { data: { ...entity.body, role: 'admin' } })).status(), entity.add).toBe(400);
    expect((await page.request.post(entity.add, { data: { ...entity.body, title: { $ne: '' } } })).status(), entity.add).toBe(400);
    const added = await page.request.post(entity.add, { data: entity.body });
    expect(added.status(), entity.add).toBe(201);
    const { acknowledged, insertedId } = (await added.json()) as { acknowledged: boolean; insertedId: string };
    expect(acknowledged).toBe(true);
    expect(insertedId).toMatch(/^[0-9a-f]{24}$/);

    const updated = await page.request.put(`${entity.update}${insertedId}`, { data: entity.change });
    expect(await updated.json(), entity.update).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null, upsertedCount: 0 });
    expect((await page.request.put(`${entity.update}${UNKNOWN_ID}`, { data: entity.change })).status(), entity.update).toBe(404);
    expect((await page.request.put(`${entity.update}not-an-id`, { data: entity.change })).status(), entity.update).toBe(400);

    const removed = await page.request.delete(`${entity.remove}${insertedId}`);
    expect(await removed.json(), entity.remove).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await page.request.delete(`${entity.remove}${insertedId}`)).status(), entity.remove).toBe(404);
    expect((await page.request.delete(`${entity.remove}12345`)).status(), entity.remove).toBe(400);
  }
});

test.describe('admin form validation (docs/product.md §5)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO_ACCOUNTS.admin);
  });

  async function expectMessages(page: Page, messages: string[]) {
    for (const message of messages) await expect(page.getByText(message, { exact: true }), message).toBeVisible();
  }

  test('Add Course: every field required but the video, the fixed type list, an instructor from Instructors, price rules', async ({ page }) => {
    await gotoReady(page, '/addCourse');
    const options = await field(page, 'Course type').locator('option').evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value).filter(Boolean));
    expect(options).toEqual([
      'classOne', 'classTwo', 'classThree', 'classFour', 'classFive', 'classSix', 'classSeven', 'classEight', 'classNine', 'classTen',
      'classEleven', 'classTwelve', 'freeCourse', 'discountCourse', 'liveCourse', 'specialCourse', 'islamicCourse', 'kidsCourse', 'entertainCourse',
    ]);
    // The instructors under their subjects, each by name, its value their id.
    const instructor = field(page, 'Instructor');
    const groups = await instructor.locator('optgroup').evaluateAll((elements) => elements.map((element) => element.getAttribute('label')));
    expect(groups).toEqual(['Bengali', 'Biology', 'Chemistry', 'English', 'Finance', 'Mathematics', 'Physics', 'Programming', 'Religion']);
    const physics = await instructor.locator('optgroup[label="Physics"] option').evaluateAll((elements) => elements.map((element) => ({ name: element.textContent, value: (element as HTMLOptionElement).value })));
    expect(physics.map((option) => option.name)).toEqual(expect.arrayContaining(['Arif Mahmud', 'Mehnaz Karim', 'Tanvir Rahman']));
    for (const option of physics) expect(option.value, String(option.name)).toMatch(/^[0-9a-f]{24}$/);

    await page.getByRole('button', { name: 'Add Course' }).click();
    await expectMessages(page, [
      'Choose a course type from the list', 'Title is required', 'Image is required', 'Price is required', 'Description is required',
      'Choose an instructor from the list', 'About is required',
    ]);
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(instructor).toHaveAttribute('aria-invalid', 'true');
    // Nothing is asked of the fields that are gone, and the promo video is optional.
    for (const message of [
      'Instructor name is required', 'Instructor image is required', 'Education is required', 'Hours is required', 'Videos is required',
      'Quizzes is required', 'Notes is required', 'Video is required',
    ]) {
      await expect(page.getByText(message, { exact: true }), message).toHaveCount(0);
    }

    await field(page, 'Price (dollars)').fill('0.5');
    await field(page, 'Image').fill('ftp://example.com/a.png');
    await field(page, 'Video (YouTube address)').fill('https://example.com/video');
    await instructor.selectOption({ label: TEACHER.name });
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expectMessages(page, [
      'Price must be 0 (free) or at least 1', 'Image must be an uploaded image or an https:// address', 'Video must be a YouTube address (https://www.youtube.com/…)',
    ]);
    await expect(page.getByText('Choose an instructor from the list', { exact: true })).toHaveCount(0);
    await field(page, 'Price (dollars)').fill('12.345');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expectMessages(page, ['Price can have at most two decimals']);
    // Said beside the button too, so a refusal is never missed.
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
  });

  test('Update Course: all required; a demo course has its instructor from Instructors, and one is needed', async ({ page }) => {
    await gotoSignedIn(page, '/courses/liveCourse');
    await page.getByRole('link', { name: /^Edit / }).first().click();
    await expect(page).toHaveURL(/\/liveCourse\/update\/[0-9a-f]{24}$/);
    await page.waitForLoadState('networkidle');
    // Demo courses are linked to the demo instructor of the same name.
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const { instructorName } = (await (await page.request.get(`/api/course/${id}`)).json()) as { instructorName: string };
    const instructor = field(page, 'Instructor');
    await expect(instructor.locator('option:checked')).toHaveText(instructorName);
    for (const gone of REMOVED_COURSE_FIELDS) await expect(field(page, gone), gone).toHaveCount(0);

    await field(page, 'Title').fill('');
    await instructor.selectOption('');
    await field(page, 'Price (dollars)').fill('0.5');
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expectMessages(page, ['Title is required', 'Choose an instructor from the list', 'Price must be 0 (free) or at least 1']);
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();

    // The taka price beside it: at least ৳10 for a paid course, 0 for a free one. Nothing is saved.
    await field(page, 'Title').fill('Still not saved');
    await instructor.selectOption({ label: instructorName });
    await field(page, 'Price (dollars)').fill('12');
    await field(page, 'Price (৳)').fill('5');
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expectMessages(page, ['Price in taka must be at least 10']);
    await expect(field(page, 'Price (৳)')).toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Price (৳)').fill('');
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expectMessages(page, ['Price in taka is required']);
    await field(page, 'Price (dollars)').fill('0');
    await field(page, 'Price (৳)').fill('850');
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expectMessages(page, ['Price in taka must be 0 for a free course']);
    await expect(toast(page, 'Course updated successfully')).toHaveCount(0);
  });

  test('Update Course: a draft from the old API needs an instructor from the list; published with a 6-minute lesson (0.1 hours), then edited', async ({ page }) => {
    const title = uniqueName('Six Minute Course');
    const id = await addLegacyDraft(page, title);
    const updatePath = `/liveCourse/update/${id}`;
    try {
      // Its typed instructor is not one of Instructors: the form says so and asks for one.
      await gotoReady(page, updatePath);
      await expect(page.getByText('Draft: only admins see this course.', { exact: true })).toBeVisible();
      await expect(page.getByText(`This course's instructor, “${LEGACY_TEACHER}”, is not in Instructors: choose one from the list.`, { exact: true })).toBeVisible();
      await expect(field(page, 'Instructor')).toHaveValue('');
      await expect(page.getByLabel(/Coming soon/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expectMessages(page, ['Choose an instructor from the list']);

      const section = await page.request.post(`/api/curriculum/${id}/sections`, { data: { title: 'Start here' } });
      expect(section.status()).toBe(201);
      const { id: sectionId } = (await section.json()) as { id: string };
      const lesson = await page.request.post(`/api/curriculum/${id}/lessons`, { data: { sectionId, title: 'Only lesson', kind: 'article' } });
      expect(lesson.status()).toBe(201);
      const { id: lessonId } = (await lesson.json()) as { id: string };
      const saved = await page.request.put(`/api/curriculum/${id}/lessons/${lessonId}`, { data: { title: 'Only lesson', duration: '6', freePreview: false, markdown: 'Six minutes.' } });
      expect(saved.status()).toBe(200);

      await gotoReady(page, updatePath);
      await expect(page.getByText('1 lesson so far.', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(toast(page, 'Course published: it is on sale now.')).toBeVisible();
      await expect(page.getByText('Draft: only admins see this course.', { exact: true })).toHaveCount(0);
      await expect(page.getByLabel(/Coming soon/)).not.toBeChecked();

      // Its hours are its curriculum's, in tenths; the numbers the old client sent are not.
      const course = (await (await page.request.get(`/api/course/${id}`)).json()) as Record<string, unknown>;
      expect(course).toMatchObject({ hours: 0.1, videos: 0, quizzes: 0, notes: 1, transcripts: 0, Enrolled: 0, instructorName: LEGACY_TEACHER });
      await gotoReady(page, `/liveCourse/coursesInfo/${id}`);
      await expect(page.getByLabel('Course facts').locator('div', { hasText: 'Hours' }).getByRole('definition')).toHaveText('0.1');

      // The next edit needs the instructor from the list too, and saves; the course then shows them.
      await gotoReady(page, updatePath);
      await field(page, 'Title').fill(`${title} Renamed`);
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expectMessages(page, ['Choose an instructor from the list']);
      await field(page, 'Instructor').selectOption({ label: TEACHER.name });
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expect(toast(page, 'Course updated successfully')).toBeVisible();
      expect(await (await page.request.get(`/api/course/${id}`)).json()).toMatchObject({ title: `${title} Renamed`, instructorName: TEACHER.name, education: TEACHER.education, instructorImg: new URL(TEACHER.img, BASE_URL).href });

      // Back to "coming soon" from the form (it keeps its lesson either way).
      await gotoReady(page, updatePath);
      await expect(field(page, 'Instructor').locator('option:checked')).toHaveText(TEACHER.name);
      await page.getByLabel(/Coming soon/).check();
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expect(toast(page, 'Course updated successfully')).toBeVisible();
      await gotoReady(page, `/liveCourse/coursesInfo/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `${title} Renamed` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Instructor', exact: true }).getByText(TEACHER.name, { exact: true })).toBeVisible();
      await expect(page.getByText('Coming soon: not on sale yet')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
    } finally {
      expect((await page.request.delete(`/api/course/${id}`)).status()).toBe(200);
    }
  });

  test('Update Course: saving a draft\'s details keeps it a draft, with or without lessons (Publish is what puts it on sale)', async ({ page }) => {
    const title = uniqueName('Draft Edit Course');
    const id = await addLegacyDraft(page, title);
    const updatePath = `/liveCourse/update/${id}`;
    const draftStatus = page.getByText('Draft: only admins see this course.', { exact: true });
    try {
      // No lesson yet: the details are saved all the same.
      await gotoReady(page, updatePath);
      await field(page, 'Instructor').selectOption({ label: TEACHER.name });
      await field(page, 'Title').fill(`${title} First Edit`);
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expect(toast(page, 'Course updated successfully')).toBeVisible();
      await gotoReady(page, updatePath);
      await expect(draftStatus).toBeVisible();
      await expect(field(page, 'Title')).toHaveValue(`${title} First Edit`);

      // With a lesson: saving the details does not publish it behind the admin's back.
      await addFirstLesson(page.request, id);
      await gotoReady(page, updatePath);
      await expect(page.getByText('1 lesson so far.', { exact: true })).toBeVisible();
      await field(page, 'Instructor').selectOption({ label: TEACHER.name });
      await field(page, 'Title').fill(`${title} Second Edit`);
      await page.getByRole('button', { name: 'Update Course' }).click();
      await expect(toast(page, 'Course updated successfully')).toBeVisible();
      await gotoReady(page, updatePath);
      await expect(field(page, 'Title')).toHaveValue(`${title} Second Edit`);
      await expect(draftStatus).toBeVisible();
      expect((await page.request.get(`/api/course/${id}`)).status()).toBe(404);
    } finally {
      expect((await page.request.delete(`/api/course/${id}`)).status()).toBe(200);
    }
  });

  test('Add Book: all required except writers 2 to 4; price, page, interactive and format rules', async ({ page }) => {
    await gotoReady(page, '/addBook');
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expectMessages(page, [
      'Book name is required', 'Image is required', 'Price is required', 'About is required', 'Page number is required',
      'Interactive must be YES or NO', 'Format must be PDF or MP3', 'Writer name is required',
      'Writer education is required', 'Writer image is required',
    ]);
    await expect(page.getByText('Writer 2 name is required', { exact: false })).toHaveCount(0);

    await field(page, 'Price (dollars)').fill('0');
    await field(page, 'Page number').fill('0');
    await field(page, 'Writer 2 education').fill('MSc');
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expectMessages(page, ['Price must be at least 1', 'Page number must be at least 1']);

    // Writer 2's rule runs once the required fields are valid.
    await field(page, 'Book name').fill('Validation Book');
    await field(page, 'Price (dollars)').fill('3');
    await field(page, 'Price (৳)').fill('360');
    await field(page, 'Image').fill(LOCAL_IMAGE);
    await field(page, 'About').fill('About');
    await field(page, 'Page number').fill('10');
    await field(page, 'Interactive').selectOption('NO');
    await field(page, 'Format').selectOption('MP3');
    await field(page, 'Writer name').fill('Writer');
    await field(page, 'Writer education').fill('MA');
    await field(page, 'Writer image').fill(LOCAL_IMAGE);
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expectMessages(page, ['Writer 2 name is required when writer 2 has an image or education']);

    // A book is sold only with its file, so the form is not sent without one.
    await field(page, 'Writer 2 education').fill('');
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expectMessages(page, ['Choose the book’s PDF or MP3 file: a book is sold only with its file.']);

    // The file must match the format before any upload starts.
    await field(page, 'Book file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
    await expectMessages(page, ['The book’s format is MP3, so the file must be MP3 too.']);
  });

  test('Update Book: the update payload, all required, price at least 1', async ({ page }) => {
    await gotoSignedIn(page, '/books');
    await page.getByRole('link', { name: /^Edit / }).first().click();
    await page.waitForLoadState('networkidle');
    await expect(field(page, 'Book name')).not.toHaveValue('');
    await field(page, 'Book name').fill('');
    await field(page, 'Price (dollars)').fill('0');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await expectMessages(page, ['Book name is required', 'Price must be at least 1']);
    await expect(page).toHaveURL(/\/updateBook\//);
  });

  test('Blog: title, image, writer, date and description required', async ({ page }) => {
    await gotoReady(page, '/addBlog');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await expectMessages(page, ['Title is required', 'Image is required', 'Writer name is required', 'Date is required', 'Description is required']);
  });

  test('Instructor: subject from the nine subjects, every field required, social links are web addresses', async ({ page }) => {
    await gotoReady(page, '/addInstructor');
    const subjects = await field(page, 'Subject').locator('option').evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value).filter(Boolean));
    expect(subjects).toEqual(['Bengali', 'Biology', 'Chemistry', 'English', 'Finance', 'Mathematics', 'Physics', 'Programming', 'Religion']);
    await page.getByRole('button', { name: 'Add Instructor' }).click();
    await expectMessages(page, [
      'Choose a subject from the list', 'Name is required', 'Image is required', 'Education is required',
      'Facebook is required', 'Twitter is required', 'Instagram is required', 'LinkedIn is required',
    ]);
    await socialField(page, 'Facebook').fill('not a link');
    await page.getByRole('button', { name: 'Add Instructor' }).click();
    await expectMessages(page, ['Facebook must be a web address starting with https://']);
  });
});

test.describe('what non-admins get', () => {
  const CATALOGUE_PAGES = ['/books', '/blogs', '/courses/liveCourse', '/instructor/chemistry'];

  const MUTATIONS: [method: string, path: string][] = [
    ['POST', '/api/addCourse'],
    ['PUT', `/api/courseUpdate/${UNKNOWN_ID}`],
    ['DELETE', `/api/course/${UNKNOWN_ID}`],
    ['POST', '/api/addBook'],
    ['PUT', `/api/bookUpdate/${UNKNOWN_ID}`],
    ['DELETE', `/api/bookDelete/${UNKNOWN_ID}`],
    ['POST', `/api/uploads/book-file?bookId=${UNKNOWN_ID}`],
    ['POST', '/api/addBlog'],
    ['PUT', `/api/blogUpdate/${UNKNOWN_ID}`],
    ['DELETE', `/api/blogDelete/${UNKNOWN_ID}`],
    ['POST', '/api/addInstructor'],
    ['PUT', `/api/updateInstructor/${UNKNOWN_ID}`],
    ['DELETE', `/api/instructor/${UNKNOWN_ID}`],
    ['PUT', '/api/user/admin/student@knowledgezone.test'],
    ['DELETE', `/api/user/${UNKNOWN_ID}`],
  ];

  test('a signed-in user sees no admin icons and gets 403 from every mutation', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password);
    await expect(accountMenuButton(page)).toBeVisible();
    for (const url of CATALOGUE_PAGES) {
      await gotoSignedIn(page, url);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('link', { name: /^Edit / }), url).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete / }), url).toHaveCount(0);
    }
    for (const [method, url] of MUTATIONS) {
      const answer = await page.request.fetch(url, { method, data: {} });
      expect(`${method} ${url} → ${answer.status()}`).toBe(`${method} ${url} → 403`);
    }
  });

  test('an anonymous visitor sees no admin icons', async ({ page }) => {
    for (const url of CATALOGUE_PAGES) {
      await gotoReady(page, url);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Edit / }), url).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete / }), url).toHaveCount(0);
    }
  });

  test('the admin screens send a signed-in user to /login', async ({ page }) => {
    for (const url of ['/addCourse', '/addBook', '/addBlog', '/addInstructor', '/admin/audit']) {
      await signInAs(page, DEMO_ACCOUNTS.student);
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/login/);
    }
  });
});

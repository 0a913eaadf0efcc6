import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { signIn } from './support/commerce';
import { DEMO_ACCOUNTS, DESKTOP_SCREEN, PHONE_SCREEN, expectNoAxeViolations, expectNoSidewaysScroll } from './support/helpers';

// The admin's screens of a new course and of sales, on a phone and a desktop, in both languages:
// Add Course (the instructor picked from Instructors, no counts to type), the Draft Courses page,
// and Sales with its filters. Each fits the screen's width and has no axe violations.

const MESSAGES = { en, bn } as const;


for (const locale of ['en', 'bn'] as const) {
  const t = MESSAGES[locale];
  const prefix = locale === 'en' ? '' : '/bn';

  for (const [device, viewport] of [['phone', PHONE_SCREEN], ['desktop', DESKTOP_SCREEN]] as const) {
    test(`Add Course, Draft Courses and Sales on a ${device}, in ${locale === 'en' ? 'English' : 'Bengali'}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, DEMO_ACCOUNTS.admin);

      await page.goto(`${prefix}/addCourse`);
      await expect(page.getByRole('heading', { level: 1, name: t.courseForm.add })).toBeVisible();
      const instructor = page.getByLabel(t.courseForm.instructor, { exact: true });
      // Demo instructors, under their subjects; nothing to type for the counts.
      await expect(instructor.locator('optgroup')).not.toHaveCount(0);
      await instructor.selectOption({ label: 'Tanvir Rahman' });
      // The only numbers typed are the two prices.
      await expect(page.getByRole('main').locator('input[type="number"]')).toHaveCount(2);
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoAxeViolations(page);

      await page.goto(`${prefix}/admin/drafts`);
      await expect(page.getByRole('heading', { level: 1, name: t.courseDrafts.title })).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoAxeViolations(page);

      await page.goto(`${prefix}/admin/sales?state=paid`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('combobox').filter({ has: page.locator('option[value="paid"]') }).first()).toHaveValue('paid');
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoAxeViolations(page);
    });
  }
}

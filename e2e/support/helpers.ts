import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/seed-data/accounts';

export { DEMO_ACCOUNTS };

/** A fresh address per call so journeys never depend on each other's accounts. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The screens the journeys check on: a common Android phone and a laptop. */
export const PHONE_SCREEN = { width: 390, height: 844 };
export const DESKTOP_SCREEN = { width: 1280, height: 900 };

/** The page fits the screen's width: nothing to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** axe-core with the WCAG 2.1 AA rules: the page must have zero violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

export async function login(page: Page, email: string, password: string, from?: string): Promise<void> {
  await page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function register(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** The header's account menu of `name`, named in the page's language (`texts`: its messages); it shows once signed in. */
export function accountMenuOf(page: Page, texts: { nav: { accountMenuFor: string } }, name: string) {
  return page.getByRole('button', { name: texts.nav.accountMenuFor.replace('{name}', name) });
}

export function accountMenuButton(page: Page) {
  return page.getByRole('button', { name: /Account menu for/ });
}

export async function logout(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

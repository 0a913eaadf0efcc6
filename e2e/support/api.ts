import { expect } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { DEMO_ACCOUNTS } from './helpers';

// Calling the API from journeys: answers checked for their status, sessions made by signing in.

export async function json<T = unknown>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), `${response.url()} → ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** An API client signed in as `account` (its session cookie rides along on every call). */
export async function signedInApi(playwright: typeof import('@playwright/test').request, account: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwright.newContext({ baseURL: BASE_URL });
  const response = await context.post('/api/account/login', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context;
}

/**
 * Deletes what a journey made, as the demo admin, on a fresh connection: a client that sat idle
 * through a journey's browser steps may reuse a socket the server is just closing (ECONNRESET).
 */
export async function removeAsAdmin(playwright: typeof import('@playwright/test').request, path: string): Promise<void> {
  const admin = await signedInApi(playwright, DEMO_ACCOUNTS.admin);
  try {
    expect((await admin.delete(path)).status()).toBeLessThan(500);
  } finally {
    await admin.dispose();
  }
}

/** Gives a new course (created as a draft) a one-lesson curriculum (a 5-minute article), so it can be published. */
export async function addFirstLesson(admin: APIRequestContext, courseId: string, title = 'Welcome'): Promise<{ sectionId: string; lessonId: string }> {
  const { id: sectionId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/sections`, { data: { title: 'Start here' } }), 201);
  const { id: lessonId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title, kind: 'article' } }), 201);
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${lessonId}`, { data: { title, duration: '5', freePreview: false, markdown: `## ${title}\n\nWhat this course is about.` } }), 200);
  return { sectionId, lessonId };
}

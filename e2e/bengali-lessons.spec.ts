import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { json, removeAsAdmin, signedInApi } from './support/api';
import { enrollFree, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';

// An admin writes a lesson's Bengali title and article and a quiz question's Bengali texts in the
// curriculum editor; a learner who owns the course reads them on the Bengali site, with the English
// text standing in where no Bengali was written (marked as English), on a phone and a desktop.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGE = en.languages.bn;

/** `message` with its `{name}` placeholders filled in. */
function filled(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)(?:, number)?\}/g, (_, name: string) => String(values[name]));
}

/** A free course with a translated-to-be article, an English-only article and a one-question quiz. */
async function freeCourse(admin: import('@playwright/test').APIRequestContext, title: string) {
  const body = {
    classCourse: 'freeCourse', title, img: '/demo/auth.webp', price: 0, ShortDescription: `About ${title}.`, instructorImg: '/demo/auth.webp',
    instructorName: 'Motion Teacher', education: 'MSc', about: 'Teaches physics.', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hours: 1, videos: 0, quizzes: 1, notes: 1,
  };
  const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
  const { id: sectionId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/sections`, { data: { title: 'Motion' } }), 201);
  const lesson = async (title: string, kind: 'article' | 'quiz') => (await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title, kind } }), 201)).id;
  const speed = await lesson('Speed', 'article');
  const units = await lesson('Units', 'article');
  const quiz = await lesson('Check yourself', 'quiz');
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${speed}`, { data: { title: 'Speed', freePreview: false, markdown: 'Speed is distance divided by time.' } }), 200);
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${units}`, { data: { title: 'Units', freePreview: false, markdown: 'Every measurement needs a unit.' } }), 200);
  const question = { id: 'q1', kind: 'single', prompt: 'Which is a vector?', options: [{ id: 'a', text: 'Velocity', correct: true }, { id: 'b', text: 'Speed', correct: false }] };
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${quiz}/quiz`, { data: { passPercent: 50, shuffleQuestions: false, shuffleOptions: false, questions: [question] } }), 200);
  const { classCourse: _list, instructorImg: _image, video: _video, ...update } = body;
  await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);
  return { courseId, speed, units, quiz };
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test(`Bengali lesson and quiz texts written in the editor on a ${device} are what a learner reads on the Bengali site, English standing in per field`, async ({ page, browser, playwright }) => {
    test.setTimeout(120_000);
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const title = `Bengali Motion ${device} ${Date.now().toString(36)}`;
    const { courseId, speed, units, quiz } = await freeCourse(admin, title);
    try {

      // The admin writes the Bengali texts in the curriculum editor.
      await page.setViewportSize(viewport);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await page.goto(`/freeCourse/update/${courseId}`);
      await page.getByRole('button', { name: 'Edit lesson “Speed”' }).click();
      const lessonForm = page.getByRole('form', { name: 'Edit lesson “Speed”' });
      const group = lessonForm.getByRole('group', { name: filled(en.adminForms.translationLegend, { language: LANGUAGE }) });
      await group.getByLabel(filled(en.adminForms.translatedTitle, { language: LANGUAGE })).fill('দ্রুতি');
      await group.getByLabel(filled(en.curriculumEditor.translatedArticle, { language: LANGUAGE })).fill('## দ্রুতি কী\n\nদ্রুতি হলো দূরত্বকে সময় দিয়ে ভাগ করা।');
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoAxeViolations(page);
      await lessonForm.getByRole('button', { name: 'Save lesson' }).click();
      await expect(page.getByText('Saved “Speed”')).toBeVisible();

      await page.getByRole('button', { name: 'Edit lesson “Check yourself”' }).click();
      const quizForm = page.getByRole('form', { name: 'Edit quiz' });
      const question = quizForm.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: 'Question 1', exact: true }) });
      const questionGroup = question.getByRole('group', { name: filled(en.adminForms.translationLegend, { language: LANGUAGE }) });
      await questionGroup.getByLabel(filled(en.curriculumEditor.question.translatedPrompt, { language: LANGUAGE })).fill('কোনটি ভেক্টর রাশি?');
      await questionGroup.getByLabel(filled(en.curriculumEditor.question.translatedOption, { language: LANGUAGE, number: 1 })).fill('বেগ');
      // Option 2 is left without Bengali: the learner reads it in English.
      await expectNoSidewaysScroll(page, viewport.width);
      await quizForm.getByRole('button', { name: 'Save quiz' }).click();
      await expect(page.getByText(en.curriculumEditor.quiz.saved)).toBeVisible();

      // A learner who owns the course reads the lesson on the Bengali site.
      const learnerContext = await browser.newContext({ viewport });
      const learner = await learnerContext.newPage();
      try {
        await signUpFresh(learner, 'Bengali Learner');
        await enrollFree(learner, '/courses', title);
        await learner.goto(`/bn/learn/${courseId}/${speed}`);
        await expect(learner.getByRole('heading', { level: 1, name: 'দ্রুতি' })).toBeVisible();
        const article = learner.locator('.lesson-article');
        await expect(article.getByRole('heading', { level: 2, name: 'দ্রুতি কী' })).toBeVisible();
        await expect(article).toContainText('দ্রুতি হলো দূরত্বকে সময় দিয়ে ভাগ করা।');
        await expect(article).not.toHaveAttribute('lang');
        // The outline (behind its button on a phone): the Bengali title where written, the English one where not.
        if (device === 'phone') await learner.getByRole('button', { name: bn.player.courseContent }).click();
        const outline = learner.getByRole('navigation', { name: bn.player.courseContent }).first();
        await expect(outline).toContainText('দ্রুতি');
        await expect(outline).toContainText('Units');
        await expect(outline).not.toContainText('Speed');
        await expectNoSidewaysScroll(learner, viewport.width);
        await expectNoAxeViolations(learner);

        await learner.goto(`/bn/learn/${courseId}/${units}`);
        await expect(learner.getByRole('heading', { level: 1, name: 'Units' })).toBeVisible();
        await expect(learner.locator('.lesson-article')).toHaveAttribute('lang', 'en');
        await expect(learner.locator('.lesson-article')).toContainText('Every measurement needs a unit.');

        await learner.goto(`/bn/learn/${courseId}/${quiz}`);
        await learner.getByRole('button', { name: bn.quiz.start }).click();
        const asked = learner.getByRole('group', { name: filled(bn.quiz.questionOf, { number: '১', total: '১' }) });
        await expect(asked.getByText('কোনটি ভেক্টর রাশি?')).toBeVisible();
        await expect(asked.getByRole('radio', { name: 'বেগ' })).toBeVisible();
        await expect(asked.getByRole('radio', { name: 'Speed' })).toBeVisible();
        await expectNoSidewaysScroll(learner, viewport.width);
        await expectNoAxeViolations(learner);

        // The English site keeps the English texts.
        await learner.goto(`/learn/${courseId}/${speed}`);
        await expect(learner.getByRole('heading', { level: 1, name: 'Speed' })).toBeVisible();
        await expect(learner.locator('.lesson-article')).toContainText('Speed is distance divided by time.');
      } finally {
        await learnerContext.close();
      }
    } finally {
      // Out of the catalogue again (unlisted, as a learner enrolled), so the lists' counts stay the seed's.
      await admin.dispose();
      await removeAsAdmin(playwright.request, `/api/course/${courseId}`);
    }
  });
}

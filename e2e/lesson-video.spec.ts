import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import bn from '../messages/bn.json';
import en from '../messages/en.json';
import { json, removeAsAdmin, signedInApi } from './support/api';
import { enrollFree, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';

// A lesson video on a phone over a slow connection: the admin uploads a clip, the app transcodes it
// into its streaming ladder in the background (the editor says how far it got), and a learner plays
// it with the data saver on, switches quality and to sound only, and resumes where they left off
// after a reload, each segment coming from the ladder, never the whole file; in Bengali, the captions
// the admin uploaded show and make the transcript, and the editor says how playback went.

const PHONE = { width: 390, height: 844 };
const CLIP = readFileSync(path.join(process.cwd(), 'scripts/seed-data/media/motion.webm'));
/** Bengali captions as a subtitle tool writes them (SRT): a gap between the two, the second running past the clip's end. */
const BENGALI_SRT = '1\r\n00:00:00,000 --> 00:00:02,000\r\nগতি মানে অবস্থানের পরিবর্তন\r\n\r\n2\r\n00:00:02,500 --> 00:01:00,000\r\nবেগ = দূরত্ব ÷ সময়\r\n';

/** A free, published course with one uploaded video lesson (and an article, so it stays deliverable). */
async function courseWithVideo(admin: APIRequestContext, title: string) {
  const body = {
    classCourse: 'freeCourse', title, img: '/demo/auth.webp', price: 0, ShortDescription: `About ${title}.`, instructorImg: '/demo/auth.webp',
    instructorName: 'Motion Teacher', education: 'MSc', about: 'Teaches physics.', video: '', hours: 1, videos: 1, quizzes: 0, notes: 0,
  };
  const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
  const { id: sectionId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/sections`, { data: { title: 'Motion' } }), 201);
  const { id: lessonId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title: 'Motion on a graph', kind: 'video' } }), 201);
  const { id: articleId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title: 'Notes', kind: 'article' } }), 201);
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${articleId}`, { data: { title: 'Notes', freePreview: false, markdown: 'Speed is distance over time.' } }), 200);
  await json(await admin.post(`/api/uploads/lesson-file?courseId=${courseId}&lessonId=${lessonId}&part=video`, { data: CLIP, headers: { 'Content-Type': 'video/webm', 'X-File-Name': 'motion.webm' } }), 201);
  const { classCourse: _list, instructorImg: _image, video: _video, ...update } = body;
  await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);
  return { courseId, lessonId };
}

/** The ladder's files the page fetched since `since`, as `rung/file` (master.m3u8 alone). */
function ladderRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/lesson-stream\/[^/]+\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) seen.push(match[1]);
  });
  return seen;
}

async function playFor(page: Page, seconds: number): Promise<number> {
  const video = page.locator('video');
  const from = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(from + seconds);
  return video.evaluate((element: HTMLVideoElement) => element.currentTime);
}

test('a learner on a slow phone connection streams a lesson video: data saver, quality, sound only, resume, Bengali captions and transcript', async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
  const title = `Streaming Motion ${Date.now().toString(36)}`;
  const { courseId, lessonId } = await courseWithVideo(admin, title);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  try {
    // The editor tells the admin where the transcoding is; the ladder is ready within a minute.
    await expect.poll(async () => (await admin.get(`/api/learn/${courseId}/${lessonId}/stream`)).status(), { timeout: 90_000, intervals: [2000] }).toBe(200);
    const ladder = await json<{ rungs: { name: string }[] }>(await admin.get(`/api/learn/${courseId}/${lessonId}/stream`), 200);
    expect(ladder.rungs.map((rung) => rung.name)).toEqual(['240p', '360p', 'audio']);
    const editor = await browser.newPage();
    await signIn(editor, DEMO_ACCOUNTS.admin);
    await editor.goto(`/freeCourse/update/${courseId}`);
    await editor.getByRole('button', { name: 'Edit lesson “Motion on a graph”' }).click();
    await expect(editor.getByRole('status').filter({ hasText: en.curriculumEditor.streaming.ready.replace('{rungs}', '240p, 360p, audio only') })).toBeVisible();
    // Captions: a broken file is refused with the cue at fault; SRT is kept as WebVTT.
    const bengaliCaptions = editor.getByLabel('Bengali captions');
    await bengaliCaptions.setInputFiles({ name: 'broken.srt', mimeType: 'application/x-subrip', buffer: Buffer.from('1\n00:00:05,000 --> 00:00:01,000\nBackwards\n') });
    await expect(editor.getByRole('alert').filter({ hasText: 'Caption 1 ends before it starts.' })).toBeVisible();
    await bengaliCaptions.setInputFiles({ name: 'motion-bn.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(BENGALI_SRT) });
    await expect(editor.getByText('motion-bn.vtt: 2 captions. A new file replaces it.')).toBeVisible();
    // Captions in the wrong language are removed again.
    await editor.getByLabel('English captions').setInputFiles({ name: 'wrong.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(BENGALI_SRT) });
    await expect(editor.getByText('wrong.vtt: 2 captions. A new file replaces it.')).toBeVisible();
    await editor.getByRole('button', { name: 'Remove English captions' }).click();
    await expect(editor.getByText('wrong.vtt: 2 captions. A new file replaces it.')).toBeHidden();
    await editor.close();

    const page = await context.newPage();
    await signUpFresh(page, 'Streaming Learner');
    await enrollFree(page, '/courses', title);
    // Lighthouse's slow 4G: 1.6 Mbps down, 150 ms round trips.
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    const fetched = ladderRequests(page);
    const savedPositions: number[] = [];
    page.on('response', (response) => {
      const body = response.request().postData();
      if (!response.url().endsWith('/api/progress') || response.status() !== 200 || !body?.includes('positionSeconds')) return;
      savedPositions.push((JSON.parse(body) as { positionSeconds: number }).positionSeconds);
    });

    await page.goto(`/learn/${courseId}/${lessonId}`);
    const quality = page.getByLabel(en.player.quality, { exact: true });
    // A phone gets the data saver by default: Auto stays at or below 360p.
    await expect(quality).toHaveValue('auto');
    await expect(quality.locator('option:checked')).toHaveText(en.player.qualityAutoCapped.replace('{quality}', '360p'));
    await expect(page.getByRole('checkbox', { name: en.player.dataSaver.replace('{quality}', '360p') })).toBeChecked();
    await expect(page.getByText(/The whole video at 360p: about [\d.]+ MB\./)).toBeVisible();
    await expectNoAxeViolations(page);

    await playFor(page, 2);
    expect(fetched[0]).toBe('master.m3u8');
    expect(fetched.some((file) => /^(240p|360p)\/segment\d+\.ts$/.test(file))).toBe(true);
    // Nothing but the ladder: the uploaded file itself is never fetched.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/video`) && entry.name.includes('/api/learn/')))).toBe(false);

    await quality.selectOption('240p');
    const before240 = fetched.length;
    await playFor(page, 1);
    expect(fetched.slice(before240).some((file) => file.startsWith('240p/'))).toBe(true);

    await quality.selectOption('audio');
    const beforeAudio = fetched.length;
    const position = await playFor(page, 1);
    expect(fetched.slice(beforeAudio).some((file) => file.startsWith('audio/'))).toBe(true);
    expect(fetched.slice(beforeAudio).some((file) => /^(240p|360p)\//.test(file))).toBe(false);

    // Paused, the position is saved and the playback reported; a reload resumes there, still as sound only (remembered on the device).
    const report = page.waitForRequest((request) => request.url().endsWith(`/api/learn/${courseId}/${lessonId}/playback`) && request.method() === 'POST');
    await page.locator('video').evaluate((element: HTMLVideoElement) => element.pause());
    // Its start time and the rungs it played.
    expect(JSON.parse((await report).postData() ?? '{}')).toMatchObject({ delivery: 'hls', startMs: expect.any(Number), levels: expect.arrayContaining(['audio']) });
    // Saved while playing or on the pause (the player skips a save under a second from the last).
    await expect.poll(() => savedPositions.at(-1) ?? 0).toBeGreaterThan(position - 1.5);
    await page.reload();
    await expect(page.getByLabel(en.player.quality, { exact: true })).toHaveValue('audio');
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(position - 1.5);

    // In Bengali: the captions menu offers them, the transcript is made from them, each line plays from there.
    await page.goto(`/bn/learn/${courseId}/${lessonId}`);
    await page.getByLabel(bn.player.captions, { exact: true }).selectOption({ label: bn.languages.bn });
    const transcript = page.getByRole('region', { name: bn.player.transcript });
    await expect(transcript.getByRole('button')).toHaveCount(2);
    await transcript.getByRole('button', { name: /0:02 বেগ = দূরত্ব ÷ সময়/ }).click();
    const shownCaption = () => page.locator('video').evaluate((element: HTMLVideoElement) => {
      const track = Array.from(element.textTracks).find((candidate) => candidate.mode === 'showing');
      return track ? `${track.language}: ${Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text).join(' ')}` : 'none';
    });
    await expect.poll(shownCaption, { timeout: 20_000 }).toBe('bn: বেগ = দূরত্ব ÷ সময়');
    await expect(transcript.getByRole('button', { name: /0:02/ })).toHaveAttribute('aria-current', 'true');
    const download = await transcript.getByRole('link', { name: bn.player.downloadTranscript }).getAttribute('href');
    const text = await page.request.get(download!);
    expect(text.headers()['content-disposition']).toContain('attachment');
    expect(await text.text()).toContain('[0:00] গতি মানে অবস্থানের পরিবর্তন\n[0:02] বেগ = দূরত্ব ÷ সময়');
    await expectNoAxeViolations(page);

    // The editor shows how playback went: the one playback reported so far.
    const stats = await browser.newPage();
    await signIn(stats, DEMO_ACCOUNTS.admin);
    await stats.goto(`/freeCourse/update/${courseId}`);
    await stats.getByRole('button', { name: 'Edit lesson “Motion on a graph”' }).click();
    await expect(stats.getByText(/^Playback in the last 30 days: \d+ sessions?\. Three in four started within [\d.]+ s\. Stalled [\d.]+ % of the time\.$/)).toBeVisible();
    await stats.close();
  } finally {
    await context.close();
    await admin.dispose();
    await removeAsAdmin(playwright.request, `/api/course/${courseId}`);
  }
});

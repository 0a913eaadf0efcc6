// The lesson video bench's browser side (scripts/bench/lesson-video.ts): a signed-in learner in
// Debian's Chromium opens a video lesson over an emulated connection (CDP
// Network.emulateNetworkConditions), presses play, and watches. Measured in the page from the
// <video>'s own events: the time from the play press to the first `playing`, then every stall
// while playing (`waiting` until the next `playing`, the start excluded); and from the network, every
// request for the ladder (/api/lesson-stream/) with the bytes it carried.
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Request } from '@playwright/test';
import { CHROMIUM_PATH } from './lighthouse';

export type NetworkProfile = { name: string; downKbps: number; upKbps: number; latencyMs: number };

/** Lighthouse's slow 4G (as e2e/lesson-video.spec.ts and the funnel bench emulate it). */
export const SLOW_4G: NetworkProfile = { name: '1.6 Mbps / 150 ms', downKbps: 1.6 * 1024, upKbps: 750, latencyMs: 150 };
/** A poor mobile connection: 400 kbps down, 400 ms round trips. */
export const POOR_3G: NetworkProfile = { name: '400 kbps / 400 ms', downKbps: 400, upKbps: 400, latencyMs: 400 };

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The player's preference on the device (lib/video-quality.ts: QUALITY_STORAGE_KEY, QualityPreference). */
const QUALITY_STORAGE_KEY = 'kz-video-quality';

export type PlaybackRun = {
  network: string;
  /** From the play press to the first `playing` event; null when playback never started. */
  ttffMs: number | null;
  /** What the page's navigator.connection said of the (emulated) connection, in Mbps; the player's first rung follows it. */
  downlinkMbps: number | null;
  /** Where the video was when play was pressed (0: the beginning). */
  startPosition: number;
  /** The rung of the first segment the player fetched (`240p`). */
  startRung: string | null;
  /** Seconds of the video played after the start (currentTime moved on by). */
  playedSeconds: number;
  /** From the first `playing` to the end of the watch. */
  watchedMs: number;
  /** Stalls while playing, after the start, and how long they lasted in all. */
  stalls: number;
  stallMs: number;
  /** Ladder requests the page sent (from the start to the end of the watch), and their bytes (body and headers). */
  requests: number;
  bytes: number;
  bytesByRung: Record<string, number>;
  error?: string;
};

export type WatchOptions = {
  baseUrl: string;
  account: { email: string; password: string };
  courseId: string;
  lessonId: string;
  network: NetworkProfile;
  /** Seconds of video to watch after the start (0: stop at the first frame). */
  playSeconds: number;
  phone?: boolean;
  /** Stored as the learner's preference before the page loads; absent: the device's default. */
  preference?: { choice: string; dataSaver: boolean; captions: string };
  timeoutMs: number;
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // As playwright.config.ts; the autoplay policy lets the bench's play press (not a user gesture) start the video.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
  });
}

type PageState = { pressedAt: number; firstPlaying: number | null; stalls: number; stallMs: number; stallStart: number | null; startPosition: number; error: string | null };

const STREAM_FILE = /\/api\/lesson-stream\/[^/]+\/(.+)$/;

function rungOf(url: string): string | null {
  const file = STREAM_FILE.exec(new URL(url).pathname)?.[1];
  return file?.includes('/') ? (file.split('/')[0] ?? null) : null;
}

async function requestBytes(request: Request): Promise<number> {
  try {
    const response = await request.response();
    if (!response) return 0;
    await response.finished();
    const sizes = await request.sizes();
    return sizes.responseBodySize + sizes.responseHeadersSize;
  } catch {
    return 0;
  }
}

/** One learner's watch, in a fresh browser context (its own cache): the page, the play press, `playSeconds` of video. */
export async function watchLesson(browser: Browser, options: WatchOptions): Promise<PlaybackRun> {
  const { baseUrl, account, courseId, lessonId, network, playSeconds, timeoutMs } = options;
  const run: PlaybackRun = { network: network.name, ttffMs: null, downlinkMbps: null, startPosition: 0, startRung: null, playedSeconds: 0, watchedMs: 0, stalls: 0, stallMs: 0, requests: 0, bytes: 0, bytesByRung: {} };
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1_000, deadline - Date.now());
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ baseURL: baseUrl, ...(options.phone ? PHONE : DESKTOP) });
    if (options.preference) {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [QUALITY_STORAGE_KEY, JSON.stringify(options.preference)] as const);
    }
    const page = await context.newPage();
    const signedIn = await page.request.post('/api/account/login', { data: { email: account.email, password: account.password }, timeout: 30_000 });
    if (!signedIn.ok()) throw new Error(`signing in ${account.email}: ${signedIn.status()}`);
    // Every run starts at the beginning: the saved position is reset, and the page saves none.
    const reset = await page.request.post('/api/progress', { data: { courseId, lessonId, positionSeconds: 0 }, timeout: 30_000 });
    if (!reset.ok()) throw new Error(`resetting the saved position: ${reset.status()} ${await reset.text()}`);
    await context.route('**/api/progress', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));

    // The app's scripts come into the cache at full speed, the ladder not at all (it must come over
    // the emulated connection); then the lesson again, over that connection.
    const lessonPath = `/learn/${courseId}/${lessonId}`;
    await context.route('**/api/lesson-stream/**', (route) => route.abort());
    await page.goto(lessonPath, { waitUntil: 'load', timeout: left() });
    await page.locator('video').waitFor({ timeout: left() });
    await context.unroute('**/api/lesson-stream/**');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.downKbps * 1024) / 8,
      uploadThroughput: (network.upKbps * 1024) / 8,
    });

    const ladder: Request[] = [];
    let counting = true;
    page.on('request', (request) => {
      if (!counting || !STREAM_FILE.test(new URL(request.url()).pathname)) return;
      ladder.push(request);
      const rung = rungOf(request.url());
      if (run.startRung === null && rung && /segment\d+\.ts$/.test(request.url())) run.startRung = rung;
    });
    await page.reload({ waitUntil: 'domcontentloaded', timeout: left() });
    const video = page.locator('video');
    // hls.js has attached its MediaSource: the player is ready, and the learner presses play.
    await page.waitForFunction(() => document.querySelector('video')?.src.startsWith('blob:') === true, undefined, { timeout: left(), polling: 50 });
    run.downlinkMbps = await page.evaluate(() => (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink ?? null);
    await video.evaluate((element: HTMLVideoElement) => {
      const state: PageState = { pressedAt: performance.now(), firstPlaying: null, stalls: 0, stallMs: 0, stallStart: null, startPosition: element.currentTime, error: null };
      (window as unknown as { __kzVideoBench: PageState }).__kzVideoBench = state;
      element.addEventListener('playing', () => {
        const now = performance.now();
        if (state.firstPlaying === null) state.firstPlaying = now;
        else if (state.stallStart !== null) {
          state.stallMs += now - state.stallStart;
          state.stallStart = null;
        }
      });
      element.addEventListener('waiting', () => {
        if (state.firstPlaying === null || state.stallStart !== null || element.seeking || element.paused) return;
        state.stalls += 1;
        state.stallStart = performance.now();
      });
      element.muted = true;
      element.play().catch((error: unknown) => {
        state.error = String(error);
      });
    });
    await page.waitForFunction(() => {
      const state = (window as unknown as { __kzVideoBench: PageState }).__kzVideoBench;
      return state.firstPlaying !== null || state.error !== null;
    }, undefined, { timeout: left(), polling: 20 });
    const started = await page.evaluate(() => (window as unknown as { __kzVideoBench: PageState }).__kzVideoBench);
    if (started.error) throw new Error(`play() was refused: ${started.error}`);
    run.ttffMs = (started.firstPlaying ?? 0) - started.pressedAt;
    run.startPosition = started.startPosition;

    if (playSeconds > 0) {
      const target = started.startPosition + playSeconds;
      await page.waitForFunction((until) => (document.querySelector('video')?.currentTime ?? 0) >= until, target, { timeout: left(), polling: 250 });
    }
    counting = false;
    const ended = await page.evaluate(() => {
      const state = (window as unknown as { __kzVideoBench: PageState }).__kzVideoBench;
      const now = performance.now();
      return { ...state, now, position: document.querySelector('video')?.currentTime ?? 0 };
    });
    run.playedSeconds = ended.position - ended.startPosition;
    run.watchedMs = ended.now - (ended.firstPlaying ?? ended.now);
    run.stalls = ended.stalls;
    run.stallMs = ended.stallMs + (ended.stallStart === null ? 0 : ended.now - ended.stallStart);
    // What the player asked for until then, each request to its end (given ten seconds more).
    const sizes = await Promise.race([
      Promise.all(ladder.map(async (request) => ({ rung: rungOf(request.url()) ?? 'master', bytes: await requestBytes(request) }))),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    run.requests = ladder.length;
    for (const { rung, bytes } of sizes ?? []) {
      run.bytes += bytes;
      run.bytesByRung[rung] = (run.bytesByRung[rung] ?? 0) + bytes;
    }
    if (!sizes) run.error = 'the sizes of the ladder requests were not all known ten seconds after the watch';
  } catch (error) {
    run.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await context?.close().catch(() => undefined);
  }
  return run;
}

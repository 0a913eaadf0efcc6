// Lighthouse in Debian's Chromium, with the mobile (Lighthouse's default) and desktop presets.
import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import type { Result } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';

export type LighthouseRun = {
  page: string;
  path: string;
  preset: Preset;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number | null; lcp: number | null; tbt: number | null; cls: number | null; speedIndex: number | null };
  /** Audits below full marks outside performance, so a score under 100 says what to fix. */
  failedAudits: string[];
  /** The performance score of every run of this page and preset; the run above is their median. */
  performanceRuns: number[];
  error?: string;
};

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function score(result: Result, category: (typeof CATEGORIES)[number]): number | null {
  const value = result.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

function metric(result: Result, audit: string): number | null {
  const value = result.audits[audit]?.numericValue;
  return typeof value === 'number' ? Math.round(value * 1000) / 1000 : null;
}

function failedAudits(result: Result): string[] {
  const failed = new Set<string>();
  for (const category of CATEGORIES) {
    if (category === 'performance') continue;
    for (const reference of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[reference.id];
      if (!audit || reference.weight === 0) continue;
      if (typeof audit.score === 'number' && audit.score < 1) failed.add(reference.id);
    }
  }
  return [...failed].sort();
}

function emptyRun(page: string, path: string, preset: Preset, error: string): LighthouseRun {
  return {
    page,
    path,
    preset,
    performance: null,
    accessibility: null,
    bestPractices: null,
    seo: null,
    metrics: { fcp: null, lcp: null, tbt: null, cls: null, speedIndex: null },
    failedAudits: [],
    performanceRuns: [],
    error,
  };
}

/** `presets`: this page's own, instead of the ones runLighthouse is given. */
export type LighthousePage = { page: string; path: string; presets?: Preset[] };

/**
 * How many times each page is audited per preset. Lighthouse's performance score moves by several
 * points between identical runs on a busy 2-core machine (TBT above all), so the budget is judged
 * on the median of three mobile runs, as Lighthouse's documentation advises; desktop is shown once.
 */
const RUNS: Record<Preset, number> = { mobile: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3, desktop: 1 };

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const scored = runs.filter((run) => !run.error && run.performance !== null).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const chosen = scored[Math.floor((scored.length - 1) / 2)] ?? runs[0]!;
  return { ...chosen, performanceRuns: runs.flatMap((run) => (run.performance === null ? [] : [run.performance])) };
}

type LighthouseModule = typeof import('lighthouse');

async function auditOnce(lighthouse: LighthouseModule, port: number, baseUrl: string, { page, path }: LighthousePage, preset: Preset): Promise<LighthouseRun> {
  try {
    const outcome = await lighthouse.default(
      `${baseUrl}${path}`,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], maxWaitForLoad: 45_000 },
      preset === 'desktop' ? lighthouse.desktopConfig : undefined,
    );
    const result = outcome?.lhr;
    if (!result) return emptyRun(page, path, preset, 'Lighthouse returned no result');
    if (result.runtimeError) return emptyRun(page, path, preset, `${result.runtimeError.code}: ${result.runtimeError.message}`);
    return {
      page,
      path,
      preset,
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
      metrics: {
        fcp: metric(result, 'first-contentful-paint'),
        lcp: metric(result, 'largest-contentful-paint'),
        tbt: metric(result, 'total-blocking-time'),
        cls: metric(result, 'cumulative-layout-shift'),
        speedIndex: metric(result, 'speed-index'),
      },
      failedAudits: failedAudits(result),
      performanceRuns: [],
    };
  } catch (error) {
    return emptyRun(page, path, preset, error instanceof Error ? error.message : String(error));
  }
}

/** One Chromium for every run (Lighthouse resets storage between runs); runs go one at a time. */
export async function runLighthouse(baseUrl: string, pages: LighthousePage[], presets: Preset[]): Promise<LighthouseRun[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    return pages.flatMap(({ page, path, presets: own }) => (own ?? presets).map((preset) => emptyRun(page, path, preset, `no Chromium at ${CHROMIUM_PATH}`)));
  }
  // Loaded with a dynamic import on purpose: a static import is compiled to require(), and tsx
  // then transpiles Lighthouse's ESM sources with esbuild's keepNames, whose __name() helper
  // breaks the functions Lighthouse serializes into the page ("__name is not defined").
  const lighthouse = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  const results: LighthouseRun[] = [];
  try {
    for (const target of pages) {
      for (const preset of target.presets ?? presets) {
        // One unscored visit first: the server optimizes each picture once per width on first
        // request (then serves it from its cache to every visitor), and a page Next regenerates
        // after the load levels' writes is rebuilt here. Scored runs see what later visitors get.
        const warmUp = Date.now();
        await auditOnce(lighthouse, chrome.port, baseUrl, target, preset);
        console.log(`  lighthouse ${preset.padEnd(7)} ${target.path} warm-up visit (${((Date.now() - warmUp) / 1000).toFixed(0)} s, not scored)`);
        const runs: LighthouseRun[] = [];
        for (let attempt = 0; attempt < RUNS[preset]; attempt += 1) {
          const started = Date.now();
          runs.push(await auditOnce(lighthouse, chrome.port, baseUrl, target, preset));
          console.log(`  lighthouse ${preset.padEnd(7)} ${target.path} run ${attempt + 1}: ${runs.at(-1)?.performance ?? 'error'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        }
        results.push(medianRun(runs));
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

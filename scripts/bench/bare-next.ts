// npx tsx scripts/bench/bare-next.ts — builds the bare Next app if needed and prints its first-load JS.
//
// The baseline of the first-load JS budget: the smallest App Router app (scripts/bench/bare-next:
// a layout with html and body, a page with a heading and a next/link Link; its two route handlers,
// app/api/echo and app/api/code-writes, are the phone code bench's floors) built by the Next.js,
// React and bundler this tree installs, and measured by the very code that measures the app's
// routes (first-load-js.ts). Built once per Next and React version into .data/bench-bare-next, on
// this tree's node_modules hard-linked (as first-render.sh does for its earlier build), so both
// builds run on the same packages.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { firstLoadJs } from './first-load-js';
import type { RouteJs } from './first-load-js';

export type BareNextJs = {
  nextVersion: string;
  /** Whether this call built it (false: an earlier build for the same versions and sources was reused). */
  built: boolean;
  /** Seconds the build took, when this call built it. */
  buildSeconds: number | null;
  /** The bare page's route, `/`. */
  route: RouteJs;
};

const SOURCE = 'scripts/bench/bare-next';
const WORK_DIR = '.data/bench-bare-next';
const KEY_FILE = '.build-key';
const BUILD_TIMEOUT_MS = 10 * 60_000;

function packageVersion(root: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error(`node_modules/${name}/package.json has no version`);
  return manifest.version;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** What decides the build's output: the packages that make the bundle, and the bare app's own files. */
function buildKey(root: string): { key: string; nextVersion: string } {
  const nextVersion = packageVersion(root, 'next');
  const hash = createHash('sha256');
  const source = join(root, SOURCE);
  for (const file of filesUnder(source)) hash.update(`${relative(source, file)}\0`).update(readFileSync(file)).update('\0');
  const key = `next ${nextVersion}, react ${packageVersion(root, 'react')}, react-dom ${packageVersion(root, 'react-dom')}, sources ${hash.digest('hex').slice(0, 16)}`;
  return { key, nextVersion };
}

/**
 * The bare page's first-load JS; builds the bare app first unless a build with the same key is
 * there. Throws when the build fails (its log is in .data/bench-bare-next/build.log).
 */
export function bareNextFirstLoadJs(root: string = process.cwd()): BareNextJs {
  const work = join(root, WORK_DIR);
  const distDir = join(work, '.next');
  const { key, nextVersion } = buildKey(root);
  const keyFile = join(work, KEY_FILE);
  let built = false;
  let buildSeconds: number | null = null;
  if (!(existsSync(join(distDir, 'BUILD_ID')) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key)) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    cpSync(join(root, SOURCE), work, { recursive: true });
    // Hard links: a copy's worth of directory entries, none of the bytes, and the same packages.
    execFileSync('cp', ['-al', join(root, 'node_modules'), join(work, 'node_modules')], { stdio: 'inherit' });
    const log = openSync(join(work, 'build.log'), 'w');
    // The app's own build settings (its dist folder, a test NODE_ENV) must not reach this one.
    const { KZ_DIST_DIR: _distDir, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
    const started = Date.now();
    try {
      execFileSync(join(work, 'node_modules/.bin/next'), ['build'], { cwd: work, env, stdio: ['ignore', log, log], timeout: BUILD_TIMEOUT_MS });
    } catch (error) {
      throw new Error(`building the bare Next app failed (log: ${join(WORK_DIR, 'build.log')}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    } finally {
      closeSync(log);
    }
    buildSeconds = Math.round((Date.now() - started) / 100) / 10;
    writeFileSync(keyFile, key);
    built = true;
  }
  const route = firstLoadJs(distDir).find((entry) => entry.route === '/');
  if (!route) throw new Error(`the bare Next build in ${WORK_DIR} has no / route`);
  return { nextVersion, built, buildSeconds, route };
}

function main(): number {
  try {
    const result = bareNextFirstLoadJs();
    const how = result.built ? `built in ${result.buildSeconds} s` : 'existing build reused';
    console.log(
      `bare Next ${result.nextVersion} page (${how}, ${WORK_DIR}): first-load JS ${(result.route.gzipBytes / 1024).toFixed(1)} kB gzip, ` +
        `${(result.route.rawBytes / 1024).toFixed(1)} kB raw, ${result.route.files} files`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && /bare-next\.ts$/.test(process.argv[1])) process.exitCode = main();

// The two servers the scenarios kill and restart: FerretDB and the app server (`serving/server.mjs`). Each runs in its own
// session (detached) with its pid in a pidfile, so scripts/chaos/run.sh stops whatever is still
// running when it exits, even if this driver dies first.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync, rmSync, closeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { clock, request, sleep } from './http';
import { alive, pidOf } from './pids';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run the scenarios through scripts/chaos/run.sh)`);
  return value;
}

export const config = {
  root: required('CHAOS_ROOT'),
  dir: required('CHAOS_DIR'),
  distDir: required('CHAOS_DIST_DIR'),
  appPort: Number(required('CHAOS_APP_PORT')),
  dbPort: Number(required('CHAOS_DB_PORT')),
  dbDir: required('CHAOS_DB_DIR'),
  mongodbUri: required('CHAOS_MONGODB_URI'),
  ferretBin: required('CHAOS_FERRETDB_BIN'),
  ferretLog: required('CHAOS_FERRETDB_LOG'),
  ferretPidfile: required('CHAOS_FERRET_PIDFILE'),
  nextPidfile: required('CHAOS_NEXT_PIDFILE'),
  scenarios: required('CHAOS_SCENARIOS').split(',').map(Number),
  quick: process.env.CHAOS_QUICK === '1',
  buildSeconds: process.env.CHAOS_BUILD_SECONDS ?? '?',
  report: required('CHAOS_REPORT'),
};

export const baseUrl = `http://127.0.0.1:${config.appPort}`;
/** The origin the app believes it has (SITE_URL), as in the other test servers' settings. */
export const siteUrl = `http://localhost:${config.appPort}`;


/** Signals the process group when there is one (servers started here), else the process. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(20);
  }
  return !alive(pid);
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return true;
    await sleep(50);
  }
  return false;
}

function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, pidfile: string): number {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: config.root, env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  if (!child.pid) throw new Error(`${command} did not start`);
  // The driver never waits for the servers: run.sh's exit trap stops them by their pidfiles.
  child.unref();
  writeFileSync(pidfile, `${child.pid}\n`);
  return child.pid;
}

// --- FerretDB --------------------------------------------------------------------------------

export function ferretPid(): number | null {
  return pidOf(config.ferretPidfile);
}

/** SIGKILLs the database (no chance to close connections or flush anything); resolves with the clock time of the signal. */
export async function killFerret(): Promise<number> {
  const pid = ferretPid();
  if (!pid || !alive(pid)) throw new Error('FerretDB is not running');
  // The stop is the moment of the signal: requests can fail from then on, before the exit is seen.
  const killedAt = clock();
  signal(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 5000))) throw new Error(`FerretDB (pid ${pid}) survived SIGKILL`);
  return killedAt;
}

/** Starts FerretDB again on the same data; resolves with the clock time it accepted connections. */
export async function startFerret(): Promise<{ pid: number; listeningAt: number }> {
  const pid = startDetached(
    config.ferretBin,
    ['-listen', `127.0.0.1:${config.dbPort}`, '-dir', config.dbDir],
    process.env,
    config.ferretLog,
    config.ferretPidfile,
  );
  if (!(await waitForPort(config.dbPort, 20_000))) throw new Error(`FerretDB did not listen again; see ${config.ferretLog}`);
  return { pid, listeningAt: clock() };
}

// --- the app server (serving/server.mjs) --------------------------------------------------------------------------------

export const nextLog = (label: string) => path.join(config.dir, `next-${label}.log`);

export function nextPid(): number | null {
  return pidOf(config.nextPidfile);
}

/** The environment the browser tests' server gets (playwright.config.ts), for this run's database. */
function nextEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    KZ_DIST_DIR: config.distDir,
    MONGODB_URI: config.mongodbUri,
    NODE_ENV: 'production',
    AUTH_SECRET: 'chaos-only-secret-0123456789abcdef',
    AUTH_TRUST_HOST: 'true',
    SITE_URL: siteUrl,
    ALLOW_SANDBOX_PAYMENTS: 'true',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    MAIL_OUTBOX_DIR: path.join(config.dir, 'outbox'),
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

/** Starts the app server (`serving/server.mjs`); resolves once /login answers 200, with the clock times. */
export async function startNext(label: string): Promise<{ pid: number; startedAt: number; readyAt: number }> {
  const startedAt = clock();
  const pid = startDetached(
    path.join(config.root, 'serving/start'),
    ['-H', '127.0.0.1', '-p', String(config.appPort)],
    nextEnv(),
    nextLog(label),
    config.nextPidfile,
  );
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!alive(pid)) throw new Error(`the app server exited; see ${nextLog(label)}`);
    const sample = await request(`http://127.0.0.1:${config.appPort}/login`, { timeoutMs: 10_000, fresh: true });
    if (sample.status === 200) return { pid, startedAt, readyAt: clock() };
    await sleep(100);
  }
  throw new Error(`the app server did not answer /login with 200 within 90 s; see ${nextLog(label)}`);
}

export async function killNext(): Promise<number> {
  const pid = nextPid();
  if (!pid || !alive(pid)) throw new Error('the app server is not running');
  signal(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 5000))) throw new Error(`the app server (pid ${pid}) survived SIGKILL`);
  return clock();
}

export async function stopNext(): Promise<void> {
  const pid = nextPid();
  if (!pid) return;
  signal(pid, 'SIGTERM');
  if (!(await waitForExit(pid, 10_000))) signal(pid, 'SIGKILL');
  rmSync(config.nextPidfile, { force: true });
}


// The chaos scenarios, one after another against one the app server (`serving/server.mjs`) (scripts/chaos/run.sh prepares
// the database and the build and passes the settings in CHAOS_* variables). Writes the Markdown
// report and exits non-zero when any check failed or a scenario could not run.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCheckoutKill } from './checkout-kill';
import { runDatabaseOutage } from './db-outage';
import { alive } from './pids';
import { config, ferretPid, nextPid, portOpen, startFerret, startNext, stopNext } from './processes';
import { runReaders } from './readers';
import { passed } from './result';
import type { ScenarioResult } from './result';
import { runSlowClients } from './slow-clients';

const SCENARIOS: Record<number, { title: string; run: () => Promise<ScenarioResult> }> = {
  1: { title: 'Database stopped mid-traffic', run: runDatabaseOutage },
  2: { title: 'SIGKILL during checkout', run: runCheckoutKill },
  3: { title: '1,000 concurrent catalogue readers', run: runReaders },
  4: { title: 'Slow-header and slow-body clients', run: runSlowClients },
};

function log(message: string): void {
  process.stderr.write(`\x1b[1;35m[chaos]\x1b[0m ${message}\n`);
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function report(results: ScenarioResult[], crashed: { id: number; title: string; error: string }[]): string {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    '# Knowledge Zone resilience (chaos) run',
    '',
    `Produced by \`npm run chaos\` (scripts/chaos/run.sh${config.quick ? ' --quick' : ''}) on ${date}. ` +
      `Production build in \`${config.distDir}\` (build: ${config.buildSeconds === 'reused' ? 'reused' : `${config.buildSeconds} s`}), ` +
      `\`serving/server.mjs\` on 127.0.0.1:${config.appPort}, a fresh FerretDB 1.24 (SQLite) on 127.0.0.1:${config.dbPort} seeded with the demo catalogue. ` +
      `Clients run on the same machine: ${machine()}; load average (1 min) ${loadAtStart} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end ` +
      '(other work on the machine takes CPU from the app and the clients).',
    '',
    '| scenario | verdict |',
    '|---|---|',
    ...results.map((result) => `| ${result.id}. ${result.title} | ${passed(result) ? 'PASS' : 'FAIL'} |`),
    ...crashed.map((entry) => `| ${entry.id}. ${entry.title} | FAIL (did not complete) |`),
    '',
  ];
  for (const result of results) {
    lines.push(`## ${result.id}. ${result.title} — ${passed(result) ? 'PASS' : 'FAIL'}`, '', result.setup, '');
    lines.push('| check | measured | verdict |', '|---|---|---|');
    for (const check of result.checks) lines.push(`| ${check.name} | ${check.measured.replace(/\|/g, '\\|')} | ${check.pass ? 'pass' : 'FAIL'} |`);
    lines.push('');
    for (const block of result.tables) lines.push(block, '');
    for (const note of result.notes) lines.push(note, '');
  }
  for (const entry of crashed) lines.push(`## ${entry.id}. ${entry.title} — FAIL (did not complete)`, '', '```', entry.error, '```', '');
  return `${lines.join('\n').trimEnd()}\n`;
}


/** A scenario that failed half-way may leave a server down; the next one starts from both running. */
async function ensureServers(): Promise<void> {
  if (!alive(ferretPid()) || !(await portOpen(config.dbPort))) {
    log('FerretDB is not running after the previous scenario; starting it again');
    await startFerret();
  }
  if (!alive(nextPid())) {
    log('the app server is not running after the previous scenario; starting it again');
    await startNext('restarted');
  }
}

const loadAtStart = os.loadavg()[0]?.toFixed(1);

async function main(): Promise<number> {
  const results: ScenarioResult[] = [];
  const crashed: { id: number; title: string; error: string }[] = [];
  const started = await startNext('main');
  log(`the app server ready on 127.0.0.1:${config.appPort} (pid ${started.pid}) in ${((started.readyAt - started.startedAt) / 1000).toFixed(1)} s`);
  for (const id of config.scenarios) {
    const scenario = SCENARIOS[id];
    if (!scenario) throw new Error(`Unknown scenario ${id} (CHAOS_ONLY takes 1-4)`);
    log(`scenario ${id}: ${scenario.title}`);
    try {
      await ensureServers();
      const result = await scenario.run();
      results.push(result);
      for (const check of result.checks) log(`  ${check.pass ? 'pass' : 'FAIL'}  ${check.name}: ${check.measured}`);
      for (const note of result.notes) log(`  ${note}`);
      log(`scenario ${id}: ${passed(result) ? 'PASS' : 'FAIL'}`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      crashed.push({ id, title: scenario.title, error: message });
      log(`scenario ${id}: FAIL (did not complete): ${message}`);
    }
  }
  await stopNext();
  mkdirSync(path.dirname(config.report), { recursive: true });
  writeFileSync(config.report, report(results, crashed));
  log(`report: ${path.relative(config.root, config.report)}`);
  const ok = crashed.length === 0 && results.every(passed);
  log(ok ? 'all scenarios passed' : 'at least one scenario FAILED');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

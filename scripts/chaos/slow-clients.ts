// Scenario 4: slow-header (Slowloris) and slow-body (R-U-Dead-Yet) clients from Debian's
// slowhttptest hold a few hundred connections open against the app itself (no reverse proxy in
// front) while a normal visitor keeps loading a catalogue page on fresh connections: the visitor
// must still be served (all 200). Latency is reported against a quiet baseline.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { percentile, request, sleep } from './http';
import type { Sample } from './http';
import { baseUrl, config } from './processes';
import { millis, table } from './result';
import type { Check, ScenarioResult } from './result';

const ATTACK_CONNECTIONS = 400;
const VISITOR_PATH = '/books';
const VISITOR_PAUSE_MS = 200;
const VISITOR_TIMEOUT_MS = 10_000;

type Attack = { mode: '-H' | '-B'; label: string; target: string; extra: string[] };

const ATTACKS: Attack[] = [
  { mode: '-H', label: 'slow headers (-H, Slowloris)', target: VISITOR_PATH, extra: [] },
  // A POST route that reads its body (the contact form's JSON endpoint), with an 8 kB body promised.
  { mode: '-B', label: 'slow body (-B, R-U-Dead-Yet)', target: '/api/contact', extra: ['-s', '8192'] },
];

type AttackStats = { maxConnected: number; maxPending: number; closedAtEnd: number; unavailableSeconds: number; rows: number };

/** slowhttptest's -g CSV: seconds, closed, pending, connected, service available (per second). */
function readStats(file: string): AttackStats | null {
  if (!existsSync(file)) return null;
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((cell) => Number(cell.trim())));
  if (rows.length === 0) return null;
  return {
    maxConnected: Math.max(...rows.map((row) => row[3] ?? 0)),
    maxPending: Math.max(...rows.map((row) => row[2] ?? 0)),
    closedAtEnd: rows.at(-1)?.[1] ?? 0,
    unavailableSeconds: rows.filter((row) => row[4] === 0).length,
    rows: rows.length,
  };
}

async function visitor(until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (!until()) {
    samples.push(await request(`${baseUrl}${VISITOR_PATH}`, { timeoutMs: VISITOR_TIMEOUT_MS, fresh: true, keepBytes: 0 }));
    await sleep(VISITOR_PAUSE_MS);
  }
  return samples;
}

function summarize(samples: Sample[]) {
  const ok = samples.filter((sample) => sample.status === 200);
  const latencies = ok.map((sample) => sample.ms).sort((a, b) => a - b);
  const failures = samples.filter((sample) => sample.status !== 200).map((sample) => String(sample.status || sample.error));
  return { total: samples.length, ok: ok.length, failures, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? null };
}

async function runAttack(attack: Attack, seconds: number) {
  const prefix = path.join(config.dir, `slowhttptest${attack.mode}`);
  rmSync(`${prefix}.csv`, { force: true });
  rmSync(`${prefix}.html`, { force: true });
  const log = openSync(`${prefix}.log`, 'w');
  const pidfile = path.join(config.dir, 'slowhttptest.pid');
  const child = spawn(
    'slowhttptest',
    [attack.mode, '-c', String(ATTACK_CONNECTIONS), '-r', '200', '-i', '10', '-p', '3', '-l', String(seconds), '-u', `${baseUrl}${attack.target}`, '-g', '-o', prefix, ...attack.extra],
    { detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  if (child.pid) writeFileSync(pidfile, `${child.pid}\n`);
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Give it time to open its connections before the visitor starts measuring.
  await sleep(3000);
  const samples = await visitor(() => exited);
  const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), (seconds + 30) * 1000);
  await done;
  clearTimeout(killer);
  rmSync(pidfile, { force: true });
  return { samples: summarize(samples), stats: readStats(`${prefix}.csv`), exitCode: child.exitCode };
}

export async function runSlowClients(): Promise<ScenarioResult> {
  const seconds = config.quick ? 10 : 30;
  const baselineEnd = Date.now() + (config.quick ? 5000 : 10_000);
  const baseline = summarize(await visitor(() => Date.now() > baselineEnd));
  const checks: Check[] = [];
  const rows: (string | number)[][] = [
    ['none (baseline)', '—', '—', `${baseline.ok}/${baseline.total}`, millis(baseline.p50), millis(baseline.p95), millis(baseline.max)],
  ];
  for (const attack of ATTACKS) {
    const outcome = await runAttack(attack, seconds);
    const { samples, stats } = outcome;
    checks.push({
      name: `${attack.label}: a normal visitor still gets every \`${VISITOR_PATH}\` with 200`,
      pass: samples.total > 0 && samples.failures.length === 0,
      measured:
        `${samples.ok}/${samples.total} 200, p50 ${millis(samples.p50)}, p95 ${millis(samples.p95)}` +
        (samples.failures.length ? `; failed: ${[...new Set(samples.failures)].join(', ')}` : ''),
    });
    rows.push([
      `${attack.label} → \`${attack.target}\``,
      stats ? `${stats.maxConnected} held open (${stats.maxPending} pending at most), ${stats.closedAtEnd} closed by the server` : 'no statistics',
      stats ? `${stats.unavailableSeconds} of ${stats.rows} s` : '—',
      `${samples.ok}/${samples.total}`,
      millis(samples.p50),
      millis(samples.p95),
      millis(samples.max),
    ]);
  }
  return {
    id: 4,
    title: 'Slow-header and slow-body clients',
    setup:
      `slowhttptest 1.8 with ${ATTACK_CONNECTIONS} connections (200 new a second, one more header line or body chunk every 10 s) for ${seconds} s per attack, ` +
      `straight against \`serving/server.mjs\` (no reverse proxy); meanwhile a visitor requests \`${VISITOR_PATH}\` on a new connection every ${VISITOR_PAUSE_MS} ms ` +
      `(${VISITOR_TIMEOUT_MS / 1000} s timeout), starting 3 s into the attack.`,
    checks,
    tables: [
      table(
        ['attack', 'attack connections (slowhttptest)', 'slowhttptest found the service unavailable', 'visitor 200s', 'visitor p50', 'visitor p95', 'visitor max'],
        rows,
      ),
    ],
    notes: [
      'Node keeps every slow connection open (its headersTimeout of 60 s and requestTimeout of 300 s are longer than each attack) and goes on accepting others; ' +
        'it has no per-client connection limit, so a much larger attack is bounded by file descriptors and memory. In production a reverse proxy in front ' +
        '(per-IP connection limits, header/body timeouts, request buffering) is the usual guard; these figures are for the app on its own.',
    ],
  };
}

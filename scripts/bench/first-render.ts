// npx tsx --conditions=react-server scripts/bench/first-render.ts
// (scripts/bench/first-render.sh builds both apps, starts them and the database, and sets RENDER_*)
//
// What a page costs the first time it is shown. Two app servers run at once on one database: this
// tree's build and an earlier one. Each is asked for the same never-shown course pages, one request
// at a time, alternating between the builds in blocks so that the machine's load falls on both alike;
// the app's CPU time (user + system, from /proc) over a block, divided by its pages, is its CPU per
// first render. Budget: this build's ≤ 0.6× the earlier build's.
//
// Then this build alone renders 2,000 more never-shown course pages, and 4,000 after them: its
// resident memory after the 6,000 must be within 10 % of the figure after the 2,000 (the caches are
// bounded; nothing else may grow with the number of pages shown).
//
// Prints a table; exits 1 when a budget is missed, 2 when the run could not complete.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { collection, closeDb } from '@/server/platform/db';
import { rssMiB } from '../chaos/pids';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set (run the bench through scripts/bench/first-render.sh)`);
  return value;
}

type App = { label: string; url: string; pid: number };

const THIS_BUILD: App = { label: 'this build', url: required('RENDER_APP_URL'), pid: Number(required('RENDER_APP_PID')) };
const EARLIER: App = { label: `earlier build (${process.env.RENDER_BASE_LABEL ?? 'base'})`, url: required('RENDER_BASE_URL'), pid: Number(required('RENDER_BASE_PID')) };
const SAMPLE = Number(process.env.RENDER_SAMPLE ?? 300);
const MEASURE_MEMORY = process.env.RENDER_MEMORY !== '0';
const BLOCK = 25;
const WARM_UP = 40;
const MEMORY_STEPS = [2000, 6000] as const;
const BUDGET = { cpuRatio: 0.6, memoryGrowth: 1.1 };
/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

/** The process's CPU time so far in milliseconds (user + system). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Asks for a page as a browser would (gzip) and reads all of it; fails on anything but 200. */
async function render(app: App, path: string): Promise<number> {
  const answer = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
  const body = await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${app.label}: ${path} answered ${answer.status}`);
  return body.byteLength;
}

async function renderAll(app: App, paths: string[]): Promise<void> {
  for (const path of paths) await render(app, path);
}

/** Course pages in a fixed order (by id), the way the list shows them. */
async function coursePaths(): Promise<string[]> {
  const courses = await (await collection('courses')).find({ comingSoon: { $ne: true } }, { projection: { classCourse: 1 } }).sort({ _id: 1 }).toArray();
  return courses.map((course) => `/${course.classCourse}/coursesInfo/${course._id.toHexString()}`);
}

type CpuResult = { pages: number; cpuMs: number; wallMs: number };

/** CPU per first render of each app over the same pages, in alternating blocks. */
async function cpuPerRender(paths: string[]): Promise<Map<App, CpuResult>> {
  const results = new Map<App, CpuResult>([THIS_BUILD, EARLIER].map((app) => [app, { pages: 0, cpuMs: 0, wallMs: 0 }]));
  for (let start = 0; start < paths.length; start += BLOCK) {
    const block = paths.slice(start, start + BLOCK);
    const order = (start / BLOCK) % 2 === 0 ? [THIS_BUILD, EARLIER] : [EARLIER, THIS_BUILD];
    for (const app of order) {
      const result = results.get(app)!;
      const cpuBefore = cpuMs(app.pid);
      const wallBefore = performance.now();
      await renderAll(app, block);
      result.wallMs += performance.now() - wallBefore;
      result.cpuMs += cpuMs(app.pid) - cpuBefore;
      result.pages += block.length;
    }
  }
  return results;
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<number> {
  const paths = await coursePaths();
  const needed = WARM_UP + SAMPLE + (MEASURE_MEMORY ? MEMORY_STEPS[1] : 0);
  if (paths.length < needed) throw new Error(`the catalogue has ${paths.length} course pages; ${needed} are needed (RENDER_COURSES)`);
  const load = [loadavg()[0]!];

  // Both builds load their code and warm their caches of shared parts on pages not measured after.
  for (const app of [THIS_BUILD, EARLIER]) await renderAll(app, paths.slice(0, WARM_UP));
  const sample = paths.slice(WARM_UP, WARM_UP + SAMPLE);
  const cpu = await cpuPerRender(sample);
  load.push(loadavg()[0]!);
  const perRender = (app: App) => cpu.get(app)!.cpuMs / cpu.get(app)!.pages;
  const ratio = perRender(THIS_BUILD) / perRender(EARLIER);

  const memory: { renders: number; rssMiB: number | null }[] = [];
  if (MEASURE_MEMORY) {
    let shown = 0;
    const rest = paths.slice(WARM_UP + SAMPLE);
    for (const renders of MEMORY_STEPS) {
      await renderAll(THIS_BUILD, rest.slice(shown, renders));
      shown = renders;
      memory.push({ renders, rssMiB: rssMiB(THIS_BUILD.pid) });
    }
    load.push(loadavg()[0]!);
  }

  const lines = [
    `First renders of course pages, ${SAMPLE} by each build in blocks of ${BLOCK}, one request at a time (gzip), after ${WARM_UP} unmeasured ones.`,
    `Machine: ${cpus().length} cores; 1-minute load average ${load.map((value) => format(value, 2)).join(' → ')}.`,
    '',
    '| build | CPU ms per render | wall ms per render |',
    '|---|---:|---:|',
    ...[THIS_BUILD, EARLIER].map((app) => `| ${app.label} | ${format(perRender(app))} | ${format(cpu.get(app)!.wallMs / cpu.get(app)!.pages)} |`),
    '',
    `CPU per first render, this build ÷ earlier: ${format(ratio, 2)}× (budget ≤ ${BUDGET.cpuRatio}×)${ratio <= BUDGET.cpuRatio ? '' : ' — MISSED'}`,
  ];
  let missed = ratio > BUDGET.cpuRatio;
  if (memory.length === 2) {
    const [first, second] = memory as [(typeof memory)[0], (typeof memory)[0]];
    const growth = first.rssMiB && second.rssMiB ? second.rssMiB / first.rssMiB : Number.NaN;
    const kept = growth <= BUDGET.memoryGrowth;
    missed ||= !kept;
    lines.push(
      `Resident memory of this build after ${first.renders} first renders (plus the sample): ${first.rssMiB} MiB; after ${second.renders}: ${second.rssMiB} MiB — ${format(growth, 3)}× (budget ≤ ${BUDGET.memoryGrowth}×)${kept ? '' : ' — MISSED'}`,
    );
  }
  console.log(lines.join('\n'));
  return missed ? 1 : 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDb().catch(() => undefined);
    process.exit(2);
  });

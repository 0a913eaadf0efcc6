// Waiting for the servers to go idle between measurements. When autocannon stops, requests it
// gave up on are still being worked on by Next and FerretDB; measuring the next target while
// they drain would charge their cost to it. Linux only (reads /proc); elsewhere it returns at once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function clockTicksPerSecond(): number {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5_000 }).trim());
    return Number.isFinite(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
}

const TICKS_PER_SECOND = clockTicksPerSecond();

type ProcessInfo = { parent: number; ticks: number };

function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended while the table was being read
    }
    // The command name sits in parentheses and may contain spaces; the numbers follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    if (Number.isFinite(parent) && Number.isFinite(ticks)) table.set(Number(entry), { parent, ticks });
  }
  return table;
}

/** CPU ticks used so far by the given processes and all their descendants. */
function treeTicks(roots: number[]): number {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, info] of table) {
    const siblings = children.get(info.parent);
    if (siblings) siblings.push(pid);
    else children.set(info.parent, [pid]);
  }
  let total = 0;
  const seen = new Set<number>();
  const pending = roots.filter((pid) => table.has(pid));
  // Bounded by the process table: each pid is visited once.
  while (pending.length > 0) {
    const pid = pending.pop();
    if (pid === undefined || seen.has(pid)) continue;
    seen.add(pid);
    total += table.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Returns once the processes use less than `threshold` of one core over a `windowMs` sample, or
 * after `maxMs`; resolves to the milliseconds waited.
 */
export async function waitUntilQuiet(roots: number[], maxMs = 60_000, windowMs = 500, threshold = 0.15): Promise<number> {
  if (roots.length === 0 || !existsSync('/proc/self/stat')) return 0;
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = treeTicks(roots);
    await sleep(windowMs);
    const used = (treeTicks(roots) - before) / TICKS_PER_SECOND;
    if (used / (windowMs / 1000) < threshold) break;
  }
  return Date.now() - started;
}

// What the request benches share for their report: a process's CPU time, the figures of a row of
// timings, and the table of rows against their budgets.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { percentile, round } from './load';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5_000 }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used so far (Linux /proc); null when unknown. */
export function cpuSeconds(pid: number): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds a phase cost the app, the database (null when unknown) and this process (the bench's clients, which share the cores). */
export type CpuSpent = { app: number | null; db: number | null; bench: number };

/** Starts counting the CPU `appPid`, `dbPid` and this process spend; the function it answers says how much so far. */
export function startCpuCount(appPid: number, dbPid: number): () => CpuSpent {
  const own = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const since = (after: number | null, before: number | null) => (after === null || before === null ? null : after - before);
  const [app, db, bench] = [cpuSeconds(appPid), cpuSeconds(dbPid), own()];
  return () => ({ app: since(cpuSeconds(appPid), app), db: since(cpuSeconds(dbPid), db), bench: own() - bench });
}

/** A row of timings in ms; `budget` its p95 budget (`budgetLabel` how to write it); `errors` wrong answers among them, which fail a budget. */
export type BudgetRow = { name: string; values: number[]; budget?: number; budgetLabel?: string; errors?: number };

export function figures(values: number[]): { n: number; p50: number | null; p95: number | null; max: number | null } {
  const sorted = Float64Array.from(values).sort();
  return { n: values.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.length ? round(sorted[sorted.length - 1] ?? 0, 2) : null };
}

/** Prints the table of `rows` (a wrong-answers column when any row counts them); false when a row misses its budget. */
export function printBudgetTable(title: string, rows: BudgetRow[]): boolean {
  const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);
  const countsErrors = rows.some((row) => row.errors !== undefined);
  const lines = rows.map((row) => {
    const { n, p50, p95, max } = figures(row.values);
    const errors = row.errors ?? 0;
    const verdict = row.budget === undefined ? '' : p95 !== null && p95 < row.budget && errors === 0 ? 'PASS' : 'FAIL';
    const budget = row.budget === undefined ? '' : (row.budgetLabel ?? `p95 < ${row.budget} ms`);
    const cells = [row.name, String(n), ...(countsErrors ? [String(errors)] : []), ms(p50), ms(p95), ms(max), budget, verdict];
    return { cells, pass: verdict !== 'FAIL' };
  });
  const header = ['', 'n', ...(countsErrors ? ['wrong answers'] : []), 'p50', 'p95', 'max', 'budget', 'result'];
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line.cells[column]?.length ?? 0)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(format(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line.cells));
  return lines.every((line) => line.pass);
}

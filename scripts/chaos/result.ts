// What each scenario hands to the report.

export type Check = { name: string; pass: boolean; measured: string };

export type ScenarioResult = {
  id: number;
  title: string;
  /** One line: what was done, with the settings that matter. */
  setup: string;
  checks: Check[];
  /** Markdown tables with the measured figures. */
  tables: string[];
  notes: string[];
};

export function passed(result: ScenarioResult): boolean {
  return result.checks.length > 0 && result.checks.every((check) => check.pass);
}

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function seconds(ms: number | null | undefined, digits = 2): string {
  return ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(digits)} s`;
}

export function millis(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : `${Math.round(ms)} ms`;
}

export function counts(values: (string | number)[]): string {
  const tally = new Map<string, number>();
  for (const value of values) tally.set(String(value), (tally.get(String(value)) ?? 0) + 1);
  return [...tally.entries()].map(([value, count]) => `${value}×${count}`).join(', ') || 'none';
}

import 'server-only';

// A per-process limit on how many of one kind of CPU-heavy task run at once, with a bounded line
// of waiting tasks. It is a guard for this process's CPU only, never a correctness rule: each app
// instance has its own.

export class ConcurrencyLimitBusyError extends Error {
  constructor() {
    super('Too many tasks are waiting');
    this.name = 'ConcurrencyLimitBusyError';
  }
}

export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

// On globalThis so every route bundle of this process shares the same limit for a name.
const registry: Map<string, ConcurrencyLimit> = ((globalThis as { __kzConcurrencyLimits?: Map<string, ConcurrencyLimit> }).__kzConcurrencyLimits ??= new Map());

/**
 * `run(task)` starts `task` when fewer than `running` tasks are running, else waits its turn;
 * when `waiting` tasks already wait, it throws ConcurrencyLimitBusyError without running it.
 */
export function concurrencyLimit(name: string, sizes: { running: number; waiting: number }): ConcurrencyLimit {
  const existing = registry.get(name);
  if (existing) return existing;
  const limit = newConcurrencyLimit(sizes);
  registry.set(name, limit);
  return limit;
}

function newConcurrencyLimit({ running, waiting }: { running: number; waiting: number }): ConcurrencyLimit {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next waiting task, so `active` stays the same.
    if (next) next();
    else active -= 1;
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < running) active += 1;
    else if (queue.length >= waiting) throw new ConcurrencyLimitBusyError();
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

import { ConcurrencyLimitBusyError, concurrencyLimit } from './concurrency-limit';

/** A task that runs until `finish()` is called, recording how many ran at the same time. */
function gate(counter: { now: number; most: number }) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    counter.now += 1;
    counter.most = Math.max(counter.most, counter.now);
    await done;
    counter.now -= 1;
    return 'done';
  };
  return { task, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most `running` tasks at once; the others wait their turn', async () => {
    const run = concurrencyLimit('test-two-at-once', { running: 2, waiting: 10 });
    const counter = { now: 0, most: 0 };
    const gates = Array.from({ length: 5 }, () => gate(counter));
    const results = gates.map((each) => run(each.task));

    for (const each of gates) {
      await settle();
      expect(counter.now).toBeLessThanOrEqual(2);
      each.finish();
    }

    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(counter.most).toBe(2);
  });

  it('refuses a task when the line of waiting tasks is full, and frees slots after failures', async () => {
    const run = concurrencyLimit('test-bounded-line', { running: 1, waiting: 1 });
    const counter = { now: 0, most: 0 };
    const first = gate(counter);
    const second = gate(counter);
    const running = run(first.task);
    const waiting = run(second.task);

    await expect(run(async () => 'third')).rejects.toBeInstanceOf(ConcurrencyLimitBusyError);

    first.finish();
    second.finish();
    expect(await Promise.all([running, waiting])).toEqual(['done', 'done']);
    await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await run(async () => 'after a failure')).toBe('after a failure');
  });

  it('is one limit per name in the process', () => {
    expect(concurrencyLimit('test-shared', { running: 1, waiting: 1 })).toBe(concurrencyLimit('test-shared', { running: 1, waiting: 1 }));
  });
});

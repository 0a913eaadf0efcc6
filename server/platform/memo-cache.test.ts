import { memoCache } from './memo-cache';

// The in-process cache of promised reads: reads arriving together share one load, a failed load is
// not kept, and the least recently used entries make room past the entry count or the byte bound.

let names = 0;
const fresh = <T>(limits: Parameters<typeof memoCache<T>>[1]) => memoCache<T>(`memo-cache-test-${(names += 1)}`, limits);

function counted<T>(value: T) {
  const load = jest.fn(() => Promise.resolve(value));
  return load;
}

it('shares one load between reads arriving together and keeps its result', async () => {
  const cache = fresh<string>({ ttlMs: 60_000, max: 10 });
  const load = counted('a');
  expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['a', 'a', 'a']);
  expect(await cache.get('k', load)).toBe('a');
  expect(load).toHaveBeenCalledTimes(1);
});

it('does not keep a failed load', async () => {
  const cache = fresh<string>({ ttlMs: 60_000, max: 10 });
  await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back');
});

it('drops the least recently used entry past the entry count', async () => {
  const cache = fresh<string>({ ttlMs: 60_000, max: 2 });
  await cache.get('a', counted('a'));
  await cache.get('b', counted('b'));
  await cache.get('c', counted('c'));
  const again = counted('a again');
  expect(await cache.get('a', again)).toBe('a again');
  const b = counted('b again');
  expect(await cache.get('c', counted('c again'))).toBe('c');
  expect(await cache.get('b', b)).toBe('b again');
});

it('keeps the values within their byte bound, the oldest going first, and counts what it forgets', async () => {
  const cache = fresh<Uint8Array>({ ttlMs: 60_000, max: 100, maxBytes: 1000, bytesOf: (bytes) => bytes.length });
  const file = (size: number) => counted(new Uint8Array(size));
  await cache.get('first', file(400));
  await cache.get('second', file(400));
  await cache.get('third', file(400));
  // The first made room; the second and third are kept.
  const first = file(400);
  await cache.get('first', first);
  expect(first).toHaveBeenCalledTimes(1);
  // Now the second made room for it: 800 bytes are kept, and a 200-byte file fits beside them.
  const third = file(400);
  await cache.get('third', third);
  expect(third).not.toHaveBeenCalled();
  await cache.get('small', file(200));
  const kept = [file(1), file(1), file(1)];
  await Promise.all([cache.get('first', kept[0]!), cache.get('third', kept[1]!), cache.get('small', kept[2]!)]);
  for (const load of kept) expect(load).not.toHaveBeenCalled();

  // Cleared, its bytes are forgotten too: a full bound's worth fits again.
  cache.clear();
  await cache.get('whole', file(1000));
  const whole = file(1000);
  await cache.get('whole', whole);
  expect(whole).not.toHaveBeenCalled();
});

it('forgets an entry older than its time to live', async () => {
  const cache = fresh<string>({ ttlMs: 20, max: 10 });
  await cache.get('k', counted('old'));
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(await cache.get('k', counted('new'))).toBe('new');
});

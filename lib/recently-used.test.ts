import { markUsed, RECENCY_STEP_MS } from './recently-used.mjs';

type Entry = { name: string; movedAt?: number };

function mapOf(...names: string[]): Map<string, Entry> {
  return new Map(names.map((name) => [name, { name }]));
}

test('an entry used is moved to the most recently used end, the first time at once', () => {
  const map = mapOf('a', 'b', 'c');
  markUsed(map, 'a', map.get('a')!, 1_000);
  expect([...map.keys()]).toEqual(['b', 'c', 'a']);
});

test('an entry used again within the step keeps its place; past it, it moves again', () => {
  const map = mapOf('a', 'b', 'c');
  markUsed(map, 'a', map.get('a')!, 1_000);
  markUsed(map, 'b', map.get('b')!, 1_100);
  markUsed(map, 'a', map.get('a')!, 1_000 + RECENCY_STEP_MS - 1);
  expect([...map.keys()]).toEqual(['c', 'a', 'b']);
  markUsed(map, 'a', map.get('a')!, 1_000 + RECENCY_STEP_MS);
  expect([...map.keys()]).toEqual(['c', 'b', 'a']);
});

test('reading one hot entry of a large map stays cheap', () => {
  // Moved on every read, each read of one key among many walks its bucket's chain of deleted entries.
  const map = new Map<string, Entry>(Array.from({ length: 10_000 }, (_, index) => [`key ${index}`, { name: `key ${index}` }]));
  const hot = map.get('key 5000')!;
  const started = performance.now();
  for (let read = 0; read < 20_000; read += 1) markUsed(map, 'key 5000', hot, 1_000 + read / 10);
  expect(performance.now() - started).toBeLessThan(50);
  expect([...map.keys()].at(-1)).toBe('key 5000');
});

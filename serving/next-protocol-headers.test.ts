import fc from 'fast-check';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { isRouterStateTree, malformedNextHeader } from './next-protocol-headers.mjs';

// The production server's check of Next's client protocol headers, against Next's own parser of
// the router state tree: every tree the check lets through is one Next parses (else the render
// throws and answers 500), and the trees Next's client sends pass.

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const nextParses = (header: string) => {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
};

/** Router states as Next's client sends them: segments, parallel routes, the optional tail. */
const segment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), fc.constantFrom('c', 'oc', 'd', 'ci(.)', 'di(..)(..)'), fc.option(fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }))),
);
const { state } = fc.letrec<{ state: unknown[] }>((tie) => ({
  state: fc
    .tuple(
      segment,
      // Depth is bounded by the chance of an empty map.
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant({}), fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('state'), { maxKeys: 2 })),
      fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))),
      fc.option(fc.constantFrom('refetch', 'inside-shared-layout', 'metadata-only')),
      fc.option(fc.integer()),
    )
    .chain((full) => fc.integer({ min: 2, max: 5 }).map((length) => full.slice(0, length))),
}));

/** Anything JSON: what an attacker may send in its place. */
const anyJson = fc.jsonValue({ maxDepth: 4 });

describe("Next's client protocol headers", () => {
  it('lets through the router state trees Next’s client sends, and Next parses each of them', () => {
    fc.assert(
      fc.property(state, (tree) => {
        const header = encode(tree);
        expect(isRouterStateTree(header)).toBe(true);
        expect(nextParses(header)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(isRouterStateTree('%5B%22%22%2C%7B%22children%22%3A%5B%22__PAGE__%22%2C%7B%7D%2Cnull%2Cnull%2Ctrue%5D%7D%2Cnull%2Cnull%2Ctrue%5D')).toBe(false);
  });

  it('never lets through a tree Next cannot parse: garbage, broken escapes, other JSON, trees with a wrong part, oversized', () => {
    const mutated = state.chain((tree) => fc.tuple(fc.nat({ max: tree.length }), anyJson).map(([at, value]) => Object.assign([...tree], { [at]: value })));
    fc.assert(
      fc.property(fc.oneof(anyJson.map((value) => encode(value)), mutated.map(encode), fc.string({ maxLength: 40 })), (header) => {
        if (isRouterStateTree(header)) expect(nextParses(header)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    for (const header of ['garbage', '%E0%A4%A', encode([1, 2, 3]), encode(['', {}, null, null, null, null, null]), encode(['', { a: 1 }]), `${encode(['', {}]).slice(0, -3)}`, 'x'.repeat(40_001)]) {
      expect({ header: header.slice(0, 30), ours: isRouterStateTree(header), next: nextParses(header) }).toEqual({ header: header.slice(0, 30), ours: false, next: false });
    }
  });

  it('names the first malformed header, and lets well-formed and absent ones through', () => {
    const tree = encode(['', { children: ['__PAGE__', {}] }, null, 'refetch']);
    expect(malformedNextHeader({})).toBeNull();
    expect(malformedNextHeader({ rsc: '1', 'next-router-state-tree': tree, 'next-router-prefetch': '2', 'next-url': '/courses', 'next-action': '40a0a565331ee591f3b62a0d76188017b4ec302806' })).toBeNull();
    const malformed: [string, string][] = [
      ['rsc', '2'],
      ['rsc', '1, 1'],
      ['next-router-state-tree', 'garbage'],
      ['next-router-prefetch', '9'],
      ['next-action', 'x'],
      ['next-action', "' OR 1=1"],
      ['next-url', 'garbage'],
      ['next-url', '/a b'],
    ];
    for (const [name, value] of malformed) expect(malformedNextHeader({ [name]: value })).toBe(name);
  });
});

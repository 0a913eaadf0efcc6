// A small seeded generator of hostile request input for the API fuzz test (e2e/fuzz-api.spec.ts).
// fast-check is not installed here, so this plays its role: every run with the same seed sends the
// same inputs, and a failure names the seed and the input that caused it.
//
// Bodies are produced as JSON text rather than objects, because the hostile shapes include things
// JSON.stringify cannot express from a plain object: duplicate keys and a literal `__proto__` key.
// No generated value is a well-formed e-mail address or a valid password: a fuzz run must never
// sign anyone in, send mail, or spend a login rate limit that later journeys depend on.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast and good enough to spread test inputs; the same seed gives the same run. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    chance: (probability: number) => next() < probability,
  };
}

const OPERATOR_KEYS = ['$ne', '$gt', '$gte', '$lt', '$in', '$nin', '$where', '$regex', '$expr', '$exists', '$or', '$and', '$set', '$function'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const FIELD_KEYS = ['role', 'admin', 'paid', 'price', 'priceCents', 'email', 'id', '_id', 'userId', 'transactionId', 'password', 'name', 'state'];

const STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '65f0a1b2c3d4e5f6a7b8c9d0',
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  '65f0a1b2c3d4e5f6a7b8c9d',
  '{"$ne":null}',
  '$where',
  "'; return true; var x='",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202eevil',
  '\ud800',
  '😀'.repeat(40),
  'a'.repeat(300),
  'at-sign-but-no-domain@',
  'javascript:alert(1)',
  'https://attacker.example/x.png',
  'pi_forged_0000000000_secret_forged',
];

const NUMBERS = ['0', '-0', '-1', '1', '0.1', '1.005', '-999999999', '9007199254740993', '1e308', '-1e308', '1e-320', '4.5', '5', '6'];

function jsonString(value: string): string {
  return JSON.stringify(value);
}

/** encodeURIComponent refuses lone surrogates; those are sent as U+FFFD instead. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

function hostileString(random: Random): string {
  const roll = random.int(10);
  if (roll === 0) return 'x'.repeat(1000 + random.int(20_000));
  if (roll === 1) return Array.from({ length: 1 + random.int(60) }, () => String.fromCharCode(random.int(0x3000))).join('');
  return random.pick(STRINGS);
}

/** A JSON text of a hostile value, nested at most `depth` levels. */
export function hostileValue(random: Random, depth = 3): string {
  const roll = random.int(depth > 0 ? 10 : 5);
  switch (roll) {
    case 0:
      return 'null';
    case 1:
      return random.chance(0.5) ? 'true' : 'false';
    case 2:
      return random.pick(NUMBERS);
    case 3:
    case 4:
      return jsonString(hostileString(random));
    case 5:
    case 6:
      return operatorObject(random, depth - 1);
    case 7:
      return prototypeObject(random, depth - 1);
    case 8:
      return `[${Array.from({ length: random.int(5) }, () => hostileValue(random, depth - 1)).join(',')}]`;
    default:
      return deepNesting(random);
  }
}

/** `{"$ne": …}` and friends, the shapes of a NoSQL operator injection. */
function operatorObject(random: Random, depth: number): string {
  const entries = Array.from({ length: 1 + random.int(3) }, () => {
    const key = random.pick(OPERATOR_KEYS);
    const value = key === '$where' ? jsonString('1') : key === '$regex' ? jsonString('.*') : depth > 0 ? hostileValue(random, depth) : 'null';
    return `${jsonString(key)}:${value}`;
  });
  return `{${entries.join(',')}}`;
}

/** A literal `__proto__` (or `constructor.prototype`) key, the shape of a prototype-pollution attempt. */
function prototypeObject(random: Random, depth: number): string {
  const key = random.pick(PROTOTYPE_KEYS);
  const inner = `{${jsonString(random.pick(FIELD_KEYS))}:${depth > 0 ? hostileValue(random, depth) : 'true'}}`;
  return key === 'constructor' ? `{"constructor":{"prototype":${inner}}}` : `{${jsonString(key)}:${inner}}`;
}

/** Deeply nested arrays or objects: a parser or validator that recurses must not fall over. */
function deepNesting(random: Random): string {
  const levels = 50 + random.int(2000);
  return random.chance(0.5) ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/**
 * A JSON request body. Usually an object using the operation's own field names (so validation
 * reaches every field) with hostile values, extra operator, prototype or privilege keys, and
 * sometimes a duplicated key; otherwise a hostile top-level value or malformed JSON.
 */
export function hostileBody(random: Random, fieldNames: readonly string[]): string {
  const roll = random.int(10);
  if (roll === 0) return hostileValue(random);
  if (roll === 1) return random.pick(['{', '{"a":', '[1,', '"unterminated', '{"a" 1}', 'NaN', '{}garbage', '\u0000']);
  const keys = [...fieldNames.filter(() => random.chance(0.8))];
  const extra = random.int(3);
  for (let index = 0; index < extra; index += 1) keys.push(random.pick([...OPERATOR_KEYS, ...PROTOTYPE_KEYS, ...FIELD_KEYS]));
  if (keys.length > 0 && random.chance(0.15)) keys.push(random.pick(keys));
  return `{${keys.map((key) => `${jsonString(key)}:${hostileValue(random)}`).join(',')}}`;
}

const PATH_VALUES = [
  '0',
  '-1',
  'zz',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '[object Object]',
  '{"$ne":null}',
  '$ne',
  '65f0a1b2c3d4e5f6a7b8c9d0',
  '65F0A1B2C3D4E5F6A7B8C9D0',
  '65f0a1b2c3d4e5f6a7b8c9d0 ',
  '65f0a1b2c3d4e5f6a7b8c9d00',
  'nobody@example.com',
  'NOBODY@EXAMPLE.COM',
  '..',
  '%2e%2e',
  '\u0000',
  '😀',
  'classOne',
  'Physics',
];

/** A path parameter value, already encoded for the URL. */
export function hostilePathValue(random: Random): string {
  const roll = random.int(8);
  if (roll === 0) return '9'.repeat(1 + random.int(3000));
  if (roll === 1) return encode(hostileString(random).slice(0, 2000)) || 'x';
  return encode(random.pick(PATH_VALUES));
}

/**
 * A query string: the operation's own parameter names with hostile values, bracketed operator
 * keys such as `email[$ne]`, prototype keys, and sometimes a repeated parameter.
 */
export function hostileQuery(random: Random, parameterNames: readonly string[]): string {
  const pairs: [string, string][] = [];
  for (const name of parameterNames) {
    if (random.chance(0.6)) pairs.push([name, hostileString(random).slice(0, 2000)]);
  }
  const extra = random.int(3);
  for (let index = 0; index < extra; index += 1) {
    const base = parameterNames.length > 0 && random.chance(0.6) ? random.pick(parameterNames) : random.pick(FIELD_KEYS);
    const key = random.chance(0.5) ? `${base}[${random.pick(OPERATOR_KEYS)}]` : random.pick([...PROTOTYPE_KEYS, base]);
    pairs.push([key, random.pick(STRINGS)]);
  }
  if (pairs.length > 0 && random.chance(0.2)) {
    const repeated = random.pick(pairs);
    pairs.push([repeated[0], random.pick(STRINGS)]);
  }
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

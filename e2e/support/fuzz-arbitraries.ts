import fc from 'fast-check';

// fast-check arbitraries for the fuzz specs (e2e/fuzz-api.spec.ts, e2e/fuzz-forms.spec.ts), derived
// from the JSON Schema of an operation's documented input (the OpenAPI document the app serves,
// itself generated from the zod schemas) or of a form's zod schema (z.toJSONSchema, the same
// conversion). Values start valid-shaped — the schema's own fields, enums, patterns, lengths and
// ranges, with arbitrary Unicode in free text — and then get exactly the kind of hostile mutation
// that the schema must refuse: a wrong type, a NoSQL operator object, a prototype-pollution key, an
// unknown field, a string past its maximum length, a number out of range or not finite, a value
// outside an enum, a malformed ObjectId or e-mail, a missing required field, a duplicated key,
// malformed or deeply nested JSON. So every generated body is invalid by construction, and a
// server that stores anything for one has a validation hole.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** JSON text that JSON.stringify cannot produce from a value: `1e400`, `-0`, malformed JSON, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object whose JSON text repeats a key (JSON.parse keeps the last one). */
export class DuplicateKeys {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

/** Generation options: server-action payloads cannot carry raw JSON text, but can carry NaN and ±Infinity. */
export type Target = 'json' | 'action';

/** The JSON text of a generated value (RawJson and DuplicateKeys included), keeping literal `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKeys) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The body of a server-action call as React's encodeReply writes it for plain values: JSON with
 * strings that start with `$` escaped as `$$…`, and NaN, ±Infinity, -0 and undefined as `$`-tags.
 */
export function encodeActionArgs(args: readonly unknown[]): string {
  const encode = (value: unknown): unknown => {
    if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
    if (typeof value === 'number') {
      if (Number.isNaN(value)) return '$NaN';
      if (value === Infinity) return '$Infinity';
      if (value === -Infinity) return '$-Infinity';
      if (Object.is(value, -0)) return '$-0';
      return value;
    }
    if (value === undefined) return '$undefined';
    if (Array.isArray(value)) return value.map(encode);
    if (value !== null && typeof value === 'object') {
      // Object.fromEntries defines `__proto__` as an own key, as JSON.parse does.
      return Object.fromEntries(Object.keys(value).map((key) => [key, encode((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  return JSON.stringify(args.map(encode));
}

/**
 * What a server action receives for a value sent with encodeActionArgs: React's reply decoding
 * deletes every own `__proto__` key (a prototype-pollution guard) before the action runs.
 */
export function asActionReceives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asActionReceives);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).filter((key) => key !== '__proto__').map((key) => [key, asActionReceives((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** An object with exactly these own keys, `__proto__` included (assignment would set the prototype instead). */
export function objectOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries);
}

// ---------------------------------------------------------------------------------------------
// Valid-shaped values

const FREE_TEXT_MAX = 40;

/** Mostly printable graphemes from all of Unicode, sometimes any code point (controls, bidi overrides, NUL). */
const textUnit = fc.oneof({ arbitrary: fc.constant<'grapheme'>('grapheme'), weight: 4 }, { arbitrary: fc.constant<'binary'>('binary'), weight: 1 });

function freeText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return textUnit.chain((unit) => fc.string({ unit, minLength, maxLength })).filter((text) => text.length >= minLength && text.length <= maxLength);
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value of the schema's shape; free text is arbitrary Unicode (which may or may not pass refinements). */
export function validShaped(schema: JsonSchema, depth = 3): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validShaped(branch, depth)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validShaped({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? FREE_TEXT_MAX, Math.max(minLength, FREE_TEXT_MAX));
      if (schema.pattern) {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
      }
      return freeText(minLength, maxLength);
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 0 ? fc.array(validShaped(schema.items ?? {}, depth - 1), { maxLength: 3 }) : fc.constant([]);
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0 || depth <= 0) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((key) => [key, validShaped(properties[key] ?? {}, depth - 1)])), { requiredKeys: schema.required ?? [] });
    }
    default:
      // `{}` (unrepresentable in JSON Schema, e.g. a transform): any small JSON value.
      return fc.jsonValue({ maxDepth: 1 });
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values that a field's schema must refuse

export const OPERATOR_OBJECTS: readonly Record<string, unknown>[] = [
  { $gt: '' },
  { $ne: null },
  { $ne: 1 },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*', $options: 'si' },
  { $in: ['admin', 'user'] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function(){return true}', args: [], lang: 'js' } },
  { $set: { role: 'admin' } },
];

/** Own `__proto__` / `constructor.prototype` keys, as a parsed JSON body would carry them. */
export const PROTOTYPE_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__":{"role":"admin","isAdmin":true}}') as unknown,
  JSON.parse('{"constructor":{"prototype":{"role":"admin"}}}') as unknown,
  JSON.parse('{"__proto__":{"__proto__":{"paid":true}}}') as unknown,
];

const operatorObject = fc.constantFrom(...OPERATOR_OBJECTS);
const prototypeObject = fc.constantFrom(...PROTOTYPE_OBJECTS);

/** Strings that are not numbers to zod (digit strings are accepted from the old client). */
const NON_NUMERIC_STRINGS = ['twelve', 'NaN', '1,5', '--1', '12abc', '0x10', '1e309', '$1'];

/** A string that cannot be a 24-hex ObjectId (too short or long, a non-hex letter, an operator, Unicode). */
export const malformedObjectId: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{23}$/),
  fc.stringMatching(/^[0-9a-f]{25}$/),
  fc.stringMatching(/^[0-9a-f]{11}[g-z_ .-][0-9a-f]{12}$/),
  fc.constantFrom('{"$ne":null}', '[object Object]', '__proto__', 'constructor', 'null', 'undefined', '-1', '0', '😀'.repeat(12), 'ＡＢ'.repeat(12)),
  fc.integer({ min: 30, max: 3000 }).map((length) => '9'.repeat(length)),
  freeText(1, 20).filter((text) => !/^[0-9a-f]{24}$/i.test(text)),
);

/** Strings the e-mail schema refuses: no @, no dot in the domain, spaces, too long, operator text. */
export const malformedEmail: fc.Arbitrary<string> = fc.oneof(
  freeText(1, 30).filter((text) => !/^\S+@\S+\.\S+$/.test(text)),
  fc.constantFrom('no-at-sign.example.com', 'a@b', 'a b@example.com', '@example.com', 'user@', '{"$ne":null}', '$where', '__proto__'),
  fc.integer({ min: 255, max: 400 }).map((length) => `${'a'.repeat(length)}@example.com`),
);

function tooLong(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: maxLength + 1, max: maxLength + 64 }).map((length) => 'x'.repeat(length)),
    // Multi-byte text past the limit, and now and then a body-sized string (100 kB).
    fc.constant('ক'.repeat(maxLength + 1)),
    fc.constant('\u202e'.repeat(Math.min(maxLength + 1, 100_000))),
    fc.constant('A'.repeat(Math.max(maxLength + 1, 100_000))),
  );
}

function outOfRange(schema: JsonSchema, target: Target): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [];
  const integer = typesOf(schema).includes('integer');
  if (schema.minimum !== undefined) options.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 0.5, -1e308, Number.MIN_SAFE_INTEGER));
  if (schema.maximum !== undefined) options.push(fc.constantFrom(schema.maximum + 1, 1e308, Number.MAX_SAFE_INTEGER * 4));
  if (integer) options.push(fc.constant((schema.minimum ?? 0) + 0.5));
  if (schema.minimum !== undefined || schema.maximum !== undefined || integer) {
    // Not finite: JSON can only say it with a number literal too big for a double.
    options.push(target === 'json' ? fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400')) : fc.constantFrom(NaN, Infinity, -Infinity));
  }
  return options;
}

/**
 * A value the field's schema refuses, whatever else the body holds. `null` is offered only where
 * the field is not nullable, numbers only where it takes no numbers, and so on.
 */
export function hostileFor(schema: JsonSchema, target: Target): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  const types = branches ? branches.flatMap(typesOf) : typesOf(schema);
  const accepts = (type: string) => types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'));
  // An action's `{"__proto__": …}` arrives as {} (asActionReceives): no mutation of an object field that may be empty.
  const mayBeEmpty = types.includes('object') && (schema.required ?? []).length === 0;
  const prototypes = target === 'action' && mayBeEmpty ? prototypeObject.filter((value) => Object.keys(asActionReceives(value) as object).length > 0) : prototypeObject;
  const options: fc.Arbitrary<unknown>[] = [operatorObject, prototypes, fc.array(operatorObject, { minLength: 1, maxLength: 3 })];
  if (types.length === 0 && !schema.enum && schema.const === undefined) return fc.oneof(...options.slice(0, 1));
  if (!accepts('null')) options.push(fc.constant(null));
  if (!accepts('boolean')) options.push(fc.boolean());
  if (!accepts('number') && !accepts('integer')) options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true })));
  if (!accepts('string')) options.push(fc.constantFrom(...NON_NUMERIC_STRINGS));
  if (!branches) {
    if (schema.enum) {
      const known = new Set(schema.enum);
      options.push(fc.constantFrom('notAChoice', '__proto__', 'constructor', `${String(schema.enum[0])}\u0000`, String(schema.enum[0]).toUpperCase(), '').filter((value) => !known.has(value)));
    } else if (accepts('string')) {
      if (schema.maxLength !== undefined) options.push(tooLong(schema.maxLength));
      if (schema.pattern === '^[0-9a-f]{24}$') options.push(malformedObjectId);
      else if (schema.pattern?.includes('@')) options.push(malformedEmail);
      else if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        options.push(freeText(1, 30).filter((text) => !pattern.test(text)));
      }
    } else if (accepts('number') || accepts('integer')) {
      options.push(...outOfRange(schema, target));
    }
  }
  return fc.oneof(...options);
}

const PRIVILEGE_KEYS = ['role', 'isAdmin', 'admin', 'paid', 'priceCents', '_id', 'userId', 'createdAt', 'sessionVersion', 'passwordHash', '$where', '$set', '$inc'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

function malformedJson(): fc.Arbitrary<RawJson> {
  return fc.oneof(
    fc.constantFrom('{', '{"a":', '[1,', '"unterminated', '{"a" 1}', 'NaN', '{}garbage', "{'single':1}", '\u0000', '{"a":1,}', '\ufeff{}x'),
    fc.integer({ min: 100, max: 5000 }).map((levels) => `${'['.repeat(levels)}${']'.repeat(levels)}`),
    fc.integer({ min: 100, max: 3000 }).map((levels) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`),
  ).map((text) => new RawJson(text));
}

/** A top-level body that is not an object of the documented shape. */
function notAnObject(target: Target): fc.Arbitrary<unknown> {
  const values: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(null, true, 0, -1, 'admin', '$where', [], [{ $gt: '' }]),
    fc.array(operatorObject, { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 50, max: 400 }).map((levels) => {
      let nested: unknown = 1;
      for (let level = 0; level < levels; level += 1) nested = [nested];
      return nested;
    }),
  ];
  if (target === 'json') values.push(malformedJson());
  return fc.oneof(...values);
}

type Mutation = { kind: string; value: unknown };

/**
 * A body for an operation or form whose input is `schema` (an object schema), always invalid:
 * a valid-shaped object with one hostile mutation, or not an object at all.
 */
export function hostileBody(schema: JsonSchema, target: Target): fc.Arbitrary<Mutation> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = schema.required ?? [];
  const strict = schema.additionalProperties === false;
  const base = validShaped(schema) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: fc.Arbitrary<Mutation>[] = [notAnObject(target).map((value) => ({ kind: 'not an object', value }))];

  if (keys.length > 0) {
    const field = fc.constantFrom(...keys);
    mutations.push(
      fc
        .tuple(base, field.chain((key) => fc.tuple(fc.constant(key), hostileFor(properties[key] ?? {}, target))))
        .map(([values, [key, value]]) => ({ kind: `hostile ${key}`, value: objectOf([...Object.entries(values).filter(([name]) => name !== key), [key, value]]) })),
    );
    if (target === 'json') {
      // The key twice: a first check that reads the first copy must not let the last one through.
      mutations.push(
        fc
          .tuple(base, field.chain((key) => fc.tuple(fc.constant(key), validShaped(properties[key] ?? {}), hostileFor(properties[key] ?? {}, target))))
          .map(([values, [key, first, last]]) => ({
            kind: `duplicate ${key}`,
            value: new DuplicateKeys([...Object.entries(values).filter(([name]) => name !== key), [key, first], [key, last]]),
          })),
      );
    }
  }
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([values, key]) => ({ kind: `missing ${key}`, value: objectOf(Object.entries(values).filter(([name]) => name !== key)) })),
    );
  }
  if (strict) {
    // React's decoding of a server action's arguments drops `__proto__` keys before the action
    // sees them, so there that key is no mutation at all (see asActionReceives).
    const extraKeys = [...PRIVILEGE_KEYS, ...PROTOTYPE_KEYS].filter((key) => !keys.includes(key) && !(target === 'action' && key === '__proto__'));
    const extraValue = fc.oneof(fc.constantFrom<unknown>('admin', true, 0, 'x'), operatorObject, prototypeObject);
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...extraKeys), extraValue)
        .map(([values, key, value]) => ({ kind: `unknown key ${key}`, value: objectOf([...Object.entries(values), [key, value]]) })),
    );
  }
  return fc.oneof(...mutations);
}

// ---------------------------------------------------------------------------------------------
// Path and query values

/** A path value: valid-shaped, or (when `invalid`) one its schema refuses. Returned URL-encoded. */
export function pathValue(schema: JsonSchema, invalid: boolean): fc.Arbitrary<string> {
  let raw: fc.Arbitrary<string>;
  if (!invalid) raw = validShaped(schema).map(String);
  else if (schema.enum) raw = fc.constantFrom('notAList', '__proto__', 'constructor', 'CLASSONE', 'physics ', '😀', '{"$ne":null}');
  else if (schema.pattern === '^[0-9a-f]{24}$') raw = malformedObjectId;
  else if (schema.pattern?.includes('@')) raw = malformedEmail;
  else raw = fc.oneof(freeText(1, 30), fc.constantFrom('__proto__', '{"$ne":null}', '..%2f..', '%00'));
  return raw.map((value) => encodeSegment(value) || 'x');
}

/** Whether a hostile value for this path parameter is refused for sure (an unconstrained string is not). */
export function constrains(schema: JsonSchema): boolean {
  return Boolean(schema.enum || schema.pattern || schema.const !== undefined);
}

/** encodeURIComponent refuses lone surrogates; those are sent as U+FFFD instead. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

export type QueryParameter = { name: string; required: boolean; schema: JsonSchema };

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A query string of valid-shaped values for the documented parameters (optional ones sometimes left out). */
export function validQuery(parameters: readonly QueryParameter[]): fc.Arbitrary<[string, string][]> {
  if (parameters.length === 0) return fc.constant([]);
  return fc
    .tuple(...parameters.map((parameter) => (parameter.required ? validShaped(parameter.schema).map((value) => [value]) : fc.option(validShaped(parameter.schema), { nil: undefined }).map((value) => (value === undefined ? [] : [value])))))
    .map((values) => values.flatMap((value, index) => value.map((item) => [parameters[index]?.name ?? '', queryText(item)] as [string, string])));
}

const QUERY_NOISE = ['abc', '-1', '0', '1e309', '99999999999', '1.5', '', ' ', '{"$ne":null}', '😀', '\u0000'];

/** Valid-shaped query pairs with hostile ones added: bracketed operators, prototype keys, repeats, bad values. */
export function hostileQuery(parameters: readonly QueryParameter[]): fc.Arbitrary<[string, string][]> {
  const names = parameters.map((parameter) => parameter.name);
  const base = [...names, 'role', 'email', 'id', 'admin'];
  const hostilePair: fc.Arbitrary<[string, string]> = fc.oneof(
    fc.tuple(fc.constantFrom(...base), fc.constantFrom('$ne', '$gt', '$regex', '$where', '$in][')).map(([name, operator]): [string, string] => [`${name}[${operator}]`, '1']),
    fc.tuple(fc.constantFrom('__proto__[role]', 'constructor[prototype][role]', '__proto__', 'prototype'), fc.constant('admin')),
    fc.tuple(fc.constantFrom(...base), fc.oneof(fc.constantFrom(...QUERY_NOISE), freeText(1, 20), fc.constant('x'.repeat(5000)))),
  );
  return fc
    .tuple(validQuery(parameters), fc.array(hostilePair, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([valid, hostile, repeat]) => {
      const pairs = [...valid, ...hostile];
      const first = pairs[0];
      if (repeat && first) pairs.push([first[0], '2']);
      return pairs;
    });
}

/** A required query parameter's value its schema refuses. */
export function hostileQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern === '^[0-9a-f]{24}$') return malformedObjectId;
  return fc.oneof(fc.constantFrom(...QUERY_NOISE), freeText(1, 20));
}

export function queryString(pairs: readonly [string, string][]): string {
  return pairs.map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`).join('&');
}

/** A short, printable description of a generated value for failure messages. */
export function describe(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : toJsonText(value);
  const shown = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return shown.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A stable 32-bit seed for one named property, so adding another does not change its inputs. */
export function seedFor(base: number, name: string): number {
  let hash = base >>> 0;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return hash | 0;
}

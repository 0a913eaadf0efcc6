import fc from 'fast-check';
import { z } from 'zod';
import type { ZodType } from 'zod';
import { RawJson, asActionReceives, hostileBody, pathValue, toJsonText, validShaped } from '@/e2e/support/fuzz-arbitraries';
import type { JsonSchema } from '@/e2e/support/fuzz-arbitraries';
import { resetPasswordSchema } from '@/lib/schemas/account';
import { loginSchema, registerSchema, resetRequestSchema } from '@/lib/schemas/auth';
import { blogSchema } from '@/lib/schemas/blog';
import { bookAddSchema, bookUpdateSchema } from '@/lib/schemas/book';
import { contactSchema } from '@/lib/schemas/contact';
import { courseAddSchema, courseUpdateSchema } from '@/lib/schemas/course';
import { instructorSchema } from '@/lib/schemas/instructor';
import { profileSchema } from '@/lib/schemas/profile';
import { reviewSchema } from '@/lib/schemas/review';
import { OPERATIONS } from './operations';

// The fuzz specs (e2e/fuzz-api.spec.ts, e2e/fuzz-forms.spec.ts) assert that every generated write
// is refused and stores nothing, which holds only if each generated body really is invalid. Here
// the generators, fed the same JSON Schema the OpenAPI document publishes (and the forms' schemas),
// are checked against the zod schema each handler or server action parses with: no generated body
// or path value may pass it, also after React's decoding of server-action arguments.

const SAMPLES = 150;

function jsonSchema(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** What the handler's readJson would hand to the schema, or undefined for a body it refuses as malformed. */
function parsedBody(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const withBodies = OPERATIONS.filter((operation) => operation.body);

/** The schemas the forms' server actions and JSON endpoints validate with (e2e/fuzz-forms.spec.ts). */
const FORM_SCHEMAS: [string, ZodType][] = Object.entries({
  registerSchema,
  loginSchema,
  resetRequestSchema,
  resetPasswordSchema,
  contactSchema,
  profileSchema,
  reviewSchema,
  courseAddSchema,
  courseUpdateSchema,
  bookAddSchema,
  bookUpdateSchema,
  blogSchema,
  instructorSchema,
});
const withPathParameters = OPERATIONS.filter((operation) => operation.params);

describe('the fuzz generators', () => {
  it.each([...withBodies.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation.body as ZodType] as [string, ZodType]), ...FORM_SCHEMAS])(
    'never produce a body %s accepts',
    (_name, schema) => {
      const samples = fc.sample(hostileBody(jsonSchema(schema), 'json'), { seed: 7, numRuns: SAMPLES });
      const accepted = samples
        .map((mutation) => ({ mutation, parsed: parsedBody(toJsonText(mutation.value)) }))
        .filter(({ parsed }) => parsed !== undefined && schema.safeParse(parsed.value).success)
        .map(({ mutation }) => `${mutation.kind}: ${toJsonText(mutation.value).slice(0, 300)}`);
      expect(accepted).toEqual([]);
    },
  );

  it.each([...withBodies.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation.body as ZodType] as [string, ZodType]), ...FORM_SCHEMAS])(
    'never produce a server-action argument %s accepts',
    (_name, schema) => {
      const samples = fc.sample(hostileBody(jsonSchema(schema), 'action'), { seed: 11, numRuns: SAMPLES });
      const accepted = samples.filter((mutation) => !(mutation.value instanceof RawJson) && schema.safeParse(asActionReceives(mutation.value)).success);
      expect(accepted.map((mutation) => `${mutation.kind}: ${toJsonText(mutation.value).slice(0, 300)}`)).toEqual([]);
    },
  );

  it.each(withPathParameters.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation.params as z.ZodObject]))(
    'make path values for %s that are refused when meant to be invalid',
    (_name, params) => {
      for (const [name, schema] of Object.entries(params.shape)) {
        const json = jsonSchema(schema as ZodType);
        if (!json.enum && !json.pattern) continue;
        const values = fc.sample(pathValue(json, true), { seed: 3, numRuns: SAMPLES }).map((value) => decodeURIComponent(value));
        expect(values.filter((value) => (schema as ZodType).safeParse(value).success).map((value) => `${name}=${value}`)).toEqual([]);
      }
    },
  );

  it('models React dropping `__proto__` keys from server-action arguments, so such a key alone is never the mutation', () => {
    const sent = JSON.parse('{"ratting":1,"comment":"ok","__proto__":"x","nested":{"__proto__":{"role":"admin"},"a":1}}') as unknown;
    expect(Object.keys(asActionReceives(sent) as object)).toEqual(['ratting', 'comment', 'nested']);
    expect(asActionReceives(sent)).toEqual({ ratting: 1, comment: 'ok', nested: { a: 1 } });
  });

  it('makes valid-shaped values that keep to the documented types, lengths and ranges', () => {
    const schema = jsonSchema(z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/), name: z.string().min(1).max(5), count: z.number().int().min(1).max(3), kind: z.enum(['a', 'b']) }));
    for (const value of fc.sample(validShaped(schema), { seed: 5, numRuns: 100 })) {
      expect(value).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: expect.any(String), count: expect.any(Number), kind: expect.stringMatching(/^[ab]$/) });
      const { name, count } = value as { name: string; count: number };
      expect(name.length).toBeGreaterThanOrEqual(1);
      expect(name.length).toBeLessThanOrEqual(5);
      expect([1, 2, 3]).toContain(count);
    }
  });
});

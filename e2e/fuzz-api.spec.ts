import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS } from './support/helpers';
import { hostileBody, hostilePathValue, hostileQuery, seededRandom } from './support/hostile-json';
import type { Random } from './support/hostile-json';

// Property-based fuzzing of every documented operation (SECURITY-TESTS.md: bad input on every
// endpoint gets a 4xx, never a 5xx). The operations come from /api/openapi.json, so a new route
// is fuzzed as soon as it is documented. Each operation gets a few generated path values, query
// strings and JSON bodies (e2e/support/hostile-json.ts), as an anonymous caller and as the demo
// student. The run is seeded (FUZZ_SEED to reproduce or vary it) and bounded in count and time.

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_214);
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 3);
const TIME_BUDGET_MS = 240_000;
const REQUEST_TIMEOUT_MS = 20_000;
/**
 * Operations where every call, valid or not, spends a per-IP budget shared with the journeys
 * (the contact form allows 5 messages per 10 minutes per address): one case per caller only.
 */
const PER_IP_BUDGET_CASES: Record<string, number> = { 'POST /api/contact': 1 };

type Parameter = { name: string; in: 'path' | 'query' };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content?: { 'application/json'?: { schema?: { properties?: Record<string, unknown> } } } };
};
type OpenApi = { paths: Record<string, Record<string, OperationObject>> };
type Target = { method: string; path: string; pathParameters: string[]; queryParameters: string[]; bodyFields: string[]; hasBody: boolean };

function targetsOf(document: OpenApi): Target[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyFields: Object.keys(schema?.properties ?? {}),
        hasBody: Boolean(operation.requestBody),
      };
    }),
  );
}

/** Operations that read a raw body the document cannot describe as JSON (signed webhook, image upload). */
const RAW_BODY_OPERATIONS = new Set(['POST /api/stripe/webhook', 'POST /api/uploads/image']);

/**
 * Operations that answer 503 to everything while their provider is not configured (no Stripe
 * webhook secret in the test environment); they are fuzzed only where they are configured.
 */
const PROVIDER_OPERATIONS = ['POST /api/stripe/webhook'];

/**
 * An operation that takes no input at all has nothing to fuzz, and when it changes state (resend
 * a verification e-mail, mark everything read) calling it would only alter the demo account.
 */
function takesInput(target: Target): boolean {
  if (RAW_BODY_OPERATIONS.has(`${target.method} ${target.path}`)) return true;
  return target.method === 'GET' || target.pathParameters.length > 0 || target.queryParameters.length > 0 || target.hasBody;
}

/** A stable per-operation seed, so adding an operation does not change the others' inputs. */
function seedFor(operation: string): number {
  let hash = SEED;
  for (const character of operation) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

function urlFor(target: Target, random: Random): string {
  const path = target.path.replace(/\{([^}]+)\}/g, () => hostilePathValue(random));
  const query = random.chance(0.7) ? hostileQuery(random, target.queryParameters) : '';
  return query ? `${path}?${query}` : path;
}

type Outcome = { line: string; serverError: boolean };

async function send(context: APIRequestContext, target: Target, random: Random, who: string): Promise<Outcome> {
  const url = urlFor(target, random);
  const withBody = target.method !== 'GET' && (target.hasBody || random.chance(0.5));
  const body = withBody ? hostileBody(random, target.bodyFields) : undefined;
  const describe = `${who} ${target.method} ${url.slice(0, 200)}${body === undefined ? '' : ` body=${body.slice(0, 200)}`}`;
  try {
    const response = await context.fetch(url, {
      method: target.method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { data: body }),
      maxRedirects: 0,
      timeout: REQUEST_TIMEOUT_MS,
    });
    return { line: `${describe} → ${response.status()}`, serverError: response.status() >= 500 };
  } catch (error) {
    // A dropped connection or a hang is as much a failure as a 5xx.
    return { line: `${describe} → ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, serverError: true };
  }
}

test('no generated path value, query or body makes any operation answer 5xx', async ({ request, playwright }) => {
  test.setTimeout(TIME_BUDGET_MS + 60_000);
  const document = (await (await request.get('/api/openapi.json')).json()) as OpenApi;
  const unconfigured: string[] = [];
  for (const operation of PROVIDER_OPERATIONS) {
    const [method = 'POST', path = ''] = operation.split(' ');
    if ((await request.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: '{}' })).status() === 503) unconfigured.push(operation);
  }
  const targets = targetsOf(document)
    .filter(takesInput)
    .filter((target) => !unconfigured.includes(`${target.method} ${target.path}`));
  expect(targets.length).toBeGreaterThan(20);
  if (unconfigured.length > 0) test.info().annotations.push({ type: 'fuzz', description: `not configured here, not fuzzed: ${unconfigured.join(', ')}` });

  const student = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await student.post('/api/account/login', { data: { email: DEMO_ACCOUNTS.student.email, password: DEMO_ACCOUNTS.student.password } });
  expect(login.status()).toBe(200);

  const deadline = Date.now() + TIME_BUDGET_MS;
  const failures: string[] = [];
  let sent = 0;
  for (const target of targets) {
    const operation = `${target.method} ${target.path}`;
    const random = seededRandom(seedFor(operation));
    const cases = Math.min(CASES_PER_OPERATION, PER_IP_BUDGET_CASES[operation] ?? CASES_PER_OPERATION);
    for (let index = 0; index < cases && Date.now() < deadline; index += 1) {
      for (const [who, context] of [['anonymous', request], ['student', student]] as const) {
        const outcome = await send(context, target, random, who);
        sent += 1;
        if (outcome.serverError) failures.push(outcome.line);
      }
    }
  }
  test.info().annotations.push({ type: 'fuzz', description: `seed ${SEED}: ${sent} requests over ${targets.length} operations` });

  // Nothing a fuzz request sent made the student an admin, and the API still answers.
  expect(await (await student.get(`/api/admin/${DEMO_ACCOUNTS.student.email}`)).json()).toEqual({ admin: false });
  expect((await request.get('/api/books?limit=1')).status()).toBe(200);
  await student.dispose();

  expect(failures, `seed ${SEED}`).toEqual([]);
  // Bounded by time, but a run that sent almost nothing proves nothing.
  expect(sent).toBeGreaterThanOrEqual(Math.min(200, targets.length * 2));
});

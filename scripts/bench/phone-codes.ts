// npx tsx scripts/bench/phone-codes.ts
// (scripts/bench/phone-codes.sh starts the database and the app, and sets PHONEBENCH_*)
//
// Phone sign-in's two endpoints against their budgets, on the production build and the embedded
// database, PHONEBENCH_CLIENTS clients sending at once, each its next request as soon as it has the
// answer to the last, PHONEBENCH_ROUNDS requests per client and endpoint:
//
//   1. request a code: POST /api/account/phone-code, every request a number of its own: p95 < 100 ms.
//   2. verify: POST /api/account/phone-login with the code the SMS carried (read from the outbox
//      the app writes each SMS into): p95 < 100 ms. Every other number has an account, so half the
//      answers sign in (Auth.js's session cookie) and half answer the ticket for the naming step.
//   For comparison, from the same run: Next's own floor, the same load on the bare Next app's route
//   handler that reads and answers the same JSON (PHONEBENCH_FLOOR_URL), and on its route handler
//   that also makes the database writes of a code request, and nothing else; both steps one
//   request at a time (the app's own time, queueing behind no other), the same numbers tried once
//   each with a wrong code before (its own phase, at the same concurrency), the time from asking to
//   the SMS written into the outbox (the queue sends it after the answer), and the CPU the app
//   server and FerretDB used per request.
//
// The app's limits are not changed: each client sends from an address of its own (X-Forwarded-For,
// which the app believes for one proxy hop) and moves to a fresh one before the per-address cap;
// no device cookie is sent, so each request is a first visit with a device id of its own.
// Before anything is measured, PHONEBENCH_WARMUP rounds of both endpoints (routes' first loads).
//
// Every measured answer is checked (status and body), so a quick refusal cannot pass for speed.
// Prints a table with the budgets; exits 1 when one is missed or an answer was wrong, 2 when the
// run could not complete.
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { printBudgetTable, startCpuCount } from './budget-table';
import type { CpuSpent } from './budget-table';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set (run the bench through scripts/bench/phone-codes.sh)`);
  return value;
}

function whole(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < least) throw new Error(`${name} must be a whole number of at least ${least}`);
  return value;
}

const BASE = required('PHONEBENCH_BASE_URL');
const MONGODB_URI = required('PHONEBENCH_MONGODB_URI');
const OUTBOX_DIR = required('PHONEBENCH_OUTBOX_DIR');
const CLIENTS = whole('PHONEBENCH_CLIENTS', 20, 1);
const ROUNDS = whole('PHONEBENCH_ROUNDS', 10, 1);
const WARMUP_ROUNDS = whole('PHONEBENCH_WARMUP', 2, 0);
/** The app server's and the database's pids, for the CPU they use while measured (0: not known). */
const APP_PID = Number(process.env.PHONEBENCH_APP_PID ?? 0);
const DB_PID = Number(process.env.PHONEBENCH_DB_PID ?? 0);
/** The bare Next app's server (scripts/bench/bare-next), answering its route handler: Next's own floor here (unset: not measured). */
const FLOOR_BASE = process.env.PHONEBENCH_FLOOR_URL?.trim() || null;
const FLOOR_PID = Number(process.env.PHONEBENCH_FLOOR_PID ?? 0);

const REQUEST_P95_BUDGET_MS = 100;
const VERIFY_P95_BUDGET_MS = 100;
/** Samples per endpoint below which the p95 says little; the run is failed rather than believed. */
const MIN_SAMPLES = 200;
/** The app's cap on codes asked for from one client address per hour (server/accounts/phone-codes.ts). */
const REQUESTS_PER_ADDRESS = 20;
/** How long the SMS of a round may take to reach the outbox once every request was answered. */
const SMS_WAIT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** What the request answers for every number (server/accounts/phone-codes.ts). */
const CODE_LIFETIME_SECONDS = 300;
const RESEND_AFTER_SECONDS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- numbers and client addresses ------------------------------------------------------------

/**
 * Bangladeshi mobile numbers (+88017 and eight digits, which lib/phone-number.ts takes as they are
 * written), a new one for every request: the database is fresh each run, so none has a history.
 */
function numberSource(): () => string {
  let next = 10_000_000;
  return () => `+88017${next++}`;
}

/** Private addresses, one per client until the app's per-address cap, then the next. */
function addressSource(): () => string {
  let next = 1;
  return () => {
    const serial = next++;
    return `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
  };
}

const newNumber = numberSource();
const newAddress = addressSource();

type Client = { address: string; requestsFromAddress: number };

/** The client's address for its next code request: a fresh one once this one reached the cap. */
function addressForRequest(client: Client): string {
  if (client.requestsFromAddress >= REQUESTS_PER_ADDRESS) {
    client.address = newAddress();
    client.requestsFromAddress = 0;
  }
  client.requestsFromAddress += 1;
  return client.address;
}

/** A number to sign in with, and whether it belongs to an account (made before the run). */
type Target = { phone: string; hasAccount: boolean };

/** For each client, its `rounds` numbers, every other one with an account. */
function plan(rounds: number): Target[][] {
  return Array.from({ length: CLIENTS }, (_, client) =>
    Array.from({ length: rounds }, (_unused, roundIndex) => ({ phone: newNumber(), hasAccount: (client + roundIndex) % 2 === 0 })),
  );
}

/** Accounts for the targets that have one, written as phone sign-up writes them (server/accounts/phone-sign-in.ts). */
async function makeAccounts(db: Db, targets: Target[]): Promise<void> {
  const now = new Date();
  const documents = targets
    .filter((target) => target.hasAccount)
    .map((target, index) => ({ _id: new ObjectId(), mobileNumber: target.phone, name: `Bench Phone ${index + 1}`, role: 'user', sessionVersion: 0, createdAt: now, locale: 'en' }));
  if (documents.length) await db.collection('users').insertMany(documents);
}

// --- HTTP ------------------------------------------------------------------------------------

type Answer = { status: number; text: string; setCookies: string[]; ms: number; sentAt: number };

// Node's own HTTP client with kept-alive connections, one per client: the load and the app share
// these 2 cores, and `fetch` (undici, web streams) spends about 1.5 ms of CPU a request, more than
// a third of what the app spends on a code check, which would be counted against the app.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(pathname: string, json: unknown, address?: string, base = BASE): Promise<Answer> {
  const sentAt = Date.now();
  const started = performance.now();
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${pathname}`,
      {
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(address ? { 'x-forwarded-for': address } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookies: response.headers['set-cookie'] ?? [], ms: performance.now() - started, sentAt }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${pathname} in ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

function jsonOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What is wrong with a code request's answer, or null when it is the one expected. */
function requestProblem(answer: Answer, phone: string): string | null {
  const body = jsonOf(answer.text);
  if (answer.status !== 200) return `${answer.status} ${answer.text.slice(0, 160)}`;
  if (body?.phone !== phone || body.expiresInSeconds !== CODE_LIFETIME_SECONDS || body.resendAfterSeconds !== RESEND_AFTER_SECONDS) return `200 with ${answer.text.slice(0, 160)}`;
  return null;
}

/** Auth.js's session cookie, as the browser would get it after signing in. */
function setsSessionCookie(answer: Answer): boolean {
  return answer.setCookies.some((cookie) => /^(__Secure-)?authjs\.session-token=[^;]{20,}/.test(cookie));
}

/** What is wrong with a right code's answer, or null: signed in for an account, a ticket for a new number. */
function verifyProblem(answer: Answer, target: Target): string | null {
  const body = jsonOf(answer.text);
  if (answer.status !== 200 || body?.ok !== true) return `${answer.status} ${answer.text.slice(0, 160)}`;
  if (target.hasAccount && !(body.signedIn === true && setsSessionCookie(answer))) return `an account's number was not signed in: ${answer.text.slice(0, 160)}`;
  if (!target.hasAccount && !(body.signedIn === false && typeof body.ticket === 'string' && body.ticket.length >= 20)) return `a new number got no ticket: ${answer.text.slice(0, 160)}`;
  return null;
}

/** What is wrong with a wrong code's answer, or null: refused with the tries left. */
function wrongCodeProblem(answer: Answer): string | null {
  const body = jsonOf(answer.text);
  return answer.status === 400 && typeof body?.message === 'string' ? null : `${answer.status} ${answer.text.slice(0, 160)}`;
}

// --- the SMS outbox --------------------------------------------------------------------------

type Sms = { code: string; writtenAt: number };

/**
 * The SMS the outbox provider wrote (server/platform/sms/outbox.ts): a file each, `To:` and `Date:`
 * headers, the code on the last line after `#`. Files already read whole are not read again.
 */
function outboxReader(dir: string): { read: () => Map<string, Sms> } {
  const seen = new Set<string>();
  const byPhone = new Map<string, Sms>();
  return {
    read() {
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((name) => name.startsWith('sms-') && !seen.has(name));
      } catch {
        return byPhone; // nothing written yet
      }
      for (const name of names.sort()) {
        const text = readFileSync(path.join(dir, name), 'utf8');
        const phone = /^To: (\S+)$/m.exec(text)?.[1];
        const date = /^Date: (\S+)$/m.exec(text)?.[1];
        const code = /#(\d{6})\s*$/.exec(text)?.[1];
        // A file caught while it is being written is read again on the next look.
        if (!phone || !date || !code) continue;
        seen.add(name);
        byPhone.set(phone, { code, writtenAt: Date.parse(date) });
      }
      return byPhone;
    },
  };
}

const outbox = outboxReader(OUTBOX_DIR);

/** The SMS of every number in `phones`, once all are in the outbox; throws when some never come. */
async function waitForSms(phones: string[]): Promise<Map<string, Sms>> {
  const deadline = Date.now() + SMS_WAIT_MS;
  for (;;) {
    const written = outbox.read();
    const missing = phones.filter((phone) => !written.has(phone));
    if (missing.length === 0) return written;
    if (Date.now() > deadline) throw new Error(`${missing.length} of ${phones.length} SMS never reached ${OUTBOX_DIR} (first: ${missing[0]})`);
    await sleep(50);
  }
}

// --- the measured steps ----------------------------------------------------------------------

type Sample = { ms: number; problem: string | null; target: Target; sentAt: number };

/** Every client works through its own list at once, each request as soon as its last was answered. */
async function concurrently(lists: Target[][], step: (client: number, target: Target) => Promise<Sample>): Promise<Sample[]> {
  const perClient = await Promise.all(
    lists.map(async (targets, client) => {
      const samples: Sample[] = [];
      for (const target of targets) samples.push(await step(client, target));
      return samples;
    }),
  );
  return perClient.flat();
}

function requestCode(clients: Client[]) {
  return async (client: number, target: Target): Promise<Sample> => {
    const answer = await post('/api/account/phone-code', { phone: target.phone, locale: 'en' }, addressForRequest(clients[client] as Client));
    return { ms: answer.ms, problem: requestProblem(answer, target.phone), target, sentAt: answer.sentAt };
  };
}

/** Sends the number's code, or a wrong one, from the client's current address (no limit counts it). */
function verifyCode(clients: Client[], codes: Map<string, Sms>, right: boolean) {
  return async (client: number, target: Target): Promise<Sample> => {
    const code = codes.get(target.phone)?.code ?? '';
    // A wrong code: the right one with its last digit changed.
    const sent = right ? code : `${code.slice(0, 5)}${(Number(code.slice(5)) + 1) % 10}`;
    const answer = await post('/api/account/phone-login', { phone: target.phone, code: sent }, clients[client]?.address);
    return { ms: answer.ms, problem: right ? verifyProblem(answer, target) : wrongCodeProblem(answer), target, sentAt: answer.sentAt };
  };
}

/**
 * The bare Next app's `route` with the body a code request sends, each client from an address of
 * its own: `echo` reads the JSON and answers the number back; `code-writes` also makes a code
 * request's database writes.
 */
function bareRoute(base: string, route: 'echo' | 'code-writes') {
  return async (client: number, target: Target): Promise<Sample> => {
    const answer = await post(`/api/${route}`, { phone: target.phone, locale: 'en' }, `198.51.100.${client + 1}`, base);
    return { ms: answer.ms, problem: requestProblem(answer, target.phone), target, sentAt: answer.sentAt };
  };
}

/** The first answer that was not the expected one, as an error (the warm-up must pass whole). */
function throwOnProblem(samples: Sample[], what: string): void {
  const failed = samples.find((sample) => sample.problem);
  if (failed) throw new Error(`${what} for ${failed.target.phone}: ${failed.problem}`);
}

// --- report ------------------------------------------------------------------------------------

type CpuUse = CpuSpent & { wallMs: number };

/** Runs `work` and answers what it returned with the CPU the app, FerretDB and the clients spent meanwhile. */
async function withCpu<T>(work: () => Promise<T>, serverPid = APP_PID): Promise<{ result: T; cpu: CpuUse }> {
  const spent = startCpuCount(serverPid, DB_PID);
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  return { result, cpu: { ...spent(), wallMs } };
}

/** The measured answers' wrong ones, a few printed, all counted. */
function reportProblems(what: string, samples: Sample[]): number {
  const failed = samples.filter((sample) => sample.problem);
  for (const sample of failed.slice(0, 5)) console.log(`  ${what}, ${sample.target.phone}: ${sample.problem}`);
  if (failed.length > 5) console.log(`  … and ${failed.length - 5} more wrong ${what} answers`);
  return failed.length;
}

function cpuLine(what: string, use: CpuUse, requests: number, server = 'the app'): string {
  const seconds = (value: number | null) => (value === null ? 'unknown' : `${value.toFixed(2)} s`);
  const perRequest = (value: number | null) => (value === null ? 'unknown' : `${((value * 1000) / requests).toFixed(1)} ms`);
  return (
    `${what}: ${requests} requests in ${(use.wallMs / 1000).toFixed(2)} s; CPU: ${server} ${seconds(use.app)} (${perRequest(use.app)} a request), ` +
    `FerretDB ${seconds(use.db)} (${perRequest(use.db)}), the bench's clients ${seconds(use.bench)}; ${cpuBound(use, requests)}`
  );
}

/**
 * What the machine's cores allow: with every process's CPU per request spread over all cores, the
 * requests a second at most, and how long a request waits behind the others in flight at that
 * rate. Close to the measured p50, it says the time is CPU queueing, not waiting on anything else.
 */
function cpuBound(use: CpuUse, requests: number): string {
  if (use.app === null || use.db === null) return 'CPU bound unknown';
  const cpuMsPerRequest = ((use.app + use.db + use.bench) * 1000) / requests;
  const perSecond = (cpus().length * 1000) / cpuMsPerRequest;
  return `the ${cpus().length} cores allow at most ${perSecond.toFixed(0)} a second, so ${CLIENTS} in flight take about ${((CLIENTS * 1000) / perSecond).toFixed(0)} ms each`;
}

const timesOf = (samples: Sample[], keep: (sample: Sample) => boolean = () => true) => samples.filter(keep).map((sample) => sample.ms);

// --- main ----------------------------------------------------------------------------------------

/** Asks for the codes of every list, then reads them from the outbox. */
async function askForCodes(lists: Target[][], clients: Client[]): Promise<{ samples: Sample[]; codes: Map<string, Sms>; cpu: CpuUse }> {
  const { result: samples, cpu } = await withCpu(() => concurrently(lists, requestCode(clients)));
  const answered = samples.filter((sample) => !sample.problem).map((sample) => sample.target.phone);
  return { samples, codes: await waitForSms(answered), cpu };
}

/** Unmeasured rounds of both endpoints: each route's first load, the database's first writes. */
async function warmUp(db: Db, clients: Client[]): Promise<void> {
  for (let roundIndex = 0; roundIndex < WARMUP_ROUNDS; roundIndex += 1) {
    const lists = plan(1);
    await makeAccounts(db, lists.flat());
    const { samples, codes } = await askForCodes(lists, clients);
    throwOnProblem(samples, 'warm-up code request');
    throwOnProblem(await concurrently(lists, verifyCode(clients, codes, true)), 'warm-up verify');
  }
}

async function main(): Promise<number> {
  const client = new MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    const db = client.db();
    const clients: Client[] = Array.from({ length: CLIENTS }, () => ({ address: newAddress(), requestsFromAddress: 0 }));
    const lists = plan(ROUNDS);
    const targets = lists.flat();
    await makeAccounts(db, targets);
    const users = await db.collection('users').countDocuments({});
    console.log(`${targets.filter((target) => target.hasAccount).length} accounts with a mobile number made (${users} accounts in all); ${CLIENTS} clients, ${ROUNDS} rounds`);

    await warmUp(db, clients);

    // For reference: both steps one request at a time (the app's own time, queueing behind no other).
    const alone = [plan(1).flat()];
    await makeAccounts(db, alone.flat());
    const aloneRequested = await askForCodes(alone, clients);
    const aloneVerified = await concurrently(alone, verifyCode(clients, aloneRequested.codes, true));

    // 1. Request a code, then (not measured) wait until every SMS is in the outbox.
    const requested = await askForCodes(lists, clients);
    const delivery = requested.samples
      .filter((sample) => !sample.problem)
      .map((sample) => (requested.codes.get(sample.target.phone)?.writtenAt ?? Number.NaN) - sample.sentAt);

    // The same numbers with a wrong code each (its own phase: the right-code figures stay alone).
    const answeredLists = lists.map((list) => list.filter((target) => requested.codes.has(target.phone)));
    const { result: wrong, cpu: wrongCpu } = await withCpu(() => concurrently(answeredLists, verifyCode(clients, requested.codes, false)));
    await sleep(200);

    // 2. Verify with the right code.
    const { result: verified, cpu: verifyCpu } = await withCpu(() => concurrently(answeredLists, verifyCode(clients, requested.codes, true)));

    // Next's own floor: the bare app's route handlers, the same load (their warm-ups first, unmeasured).
    const measureFloor = async (base: string, route: 'echo' | 'code-writes') => {
      await concurrently(plan(WARMUP_ROUNDS + 1), bareRoute(base, route));
      return withCpu(() => concurrently(plan(ROUNDS), bareRoute(base, route)), FLOOR_PID);
    };
    const floor = FLOOR_BASE ? await measureFloor(FLOOR_BASE, 'echo') : null;
    const writesFloor = FLOOR_BASE ? await measureFloor(FLOOR_BASE, 'code-writes') : null;

    // Each right code is spent once used: no number measured keeps a sign-in code.
    const codesLeft = await db.collection('phoneCodes').countDocuments({ _id: { $in: targets.map((target) => target.phone) as never[] }, 'codes.sign-in': { $exists: true } });
    const sent = await db.collection('smsMessages').countDocuments({ to: { $in: targets.map((target) => target.phone) }, status: 'sent' });

    const cores = cpus().length;
    console.log(`\nPhone sign-in codes — production build (serving/server.mjs), embedded FerretDB, SMS outbox; ${cores} CPU(s), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const requestErrors = reportProblems('code request', requested.samples);
    const verifyErrors = reportProblems('verify', verified);
    const aloneErrors = reportProblems('one at a time', [...aloneRequested.samples, ...aloneVerified]);
    const floorErrors = floor ? reportProblems('bare Next route handler', floor.result) : 0;
    const writesFloorErrors = writesFloor ? reportProblems('bare Next route handler with the writes', writesFloor.result) : 0;
    const wrongErrors = reportProblems('wrong code', wrong);
    const requestPass = printBudgetTable(`1. Request a code: POST /api/account/phone-code, ${CLIENTS} clients at once, ${ROUNDS} requests each (every request a new number)`, [
      { name: 'request a code', values: timesOf(requested.samples), budget: REQUEST_P95_BUDGET_MS, errors: requestErrors },
      { name: '  asked → SMS written to the outbox (after the answer)', values: delivery },
      { name: 'request a code, one request at a time', values: timesOf(aloneRequested.samples) },
      ...(floor ? [{ name: "floor: a bare Next route handler answering the same JSON (Next's own cost)", values: timesOf(floor.result), errors: floorErrors }] : []),
      ...(writesFloor ? [{ name: 'floor: the same handler making a code request’s database writes (5, and 1 after the answer)', values: timesOf(writesFloor.result), errors: writesFloorErrors }] : []),
    ]);
    const verifyPass = printBudgetTable(`2. Verify: POST /api/account/phone-login, ${CLIENTS} clients at once, each number once with the right code`, [
      { name: 'verify, right code', values: timesOf(verified), budget: VERIFY_P95_BUDGET_MS, errors: verifyErrors },
      { name: '  a number with an account: signed in', values: timesOf(verified, (sample) => sample.target.hasAccount) },
      { name: '  a new number: ticket for the naming step', values: timesOf(verified, (sample) => !sample.target.hasAccount) },
      { name: 'verify, wrong code (its own phase before)', values: timesOf(wrong), errors: wrongErrors },
      { name: 'verify, right code, one request at a time', values: timesOf(aloneVerified) },
    ]);
    console.log('');
    console.log(cpuLine('Requests for codes', requested.cpu, requested.samples.length));
    console.log(cpuLine('Right codes', verifyCpu, verified.length));
    console.log(cpuLine('Wrong codes', wrongCpu, wrong.length));
    if (floor) console.log(cpuLine('Bare Next route handler (scripts/bench/bare-next, next start)', floor.cpu, floor.result.length, 'its server'));
    if (writesFloor) console.log(cpuLine('Bare Next route handler with the writes', writesFloor.cpu, writesFloor.result.length, 'its server'));
    console.log(`${sent} of ${targets.length} SMS sent into the outbox; ${codesLeft} measured numbers still hold a code after verifying`);

    const enough = requested.samples.length >= MIN_SAMPLES && verified.length >= MIN_SAMPLES;
    if (!enough) console.log(`FAIL: ${requested.samples.length} code requests and ${verified.length} verifies measured; at least ${MIN_SAMPLES} of each are needed (PHONEBENCH_CLIENTS × PHONEBENCH_ROUNDS)`);
    const consistent = sent === targets.length && codesLeft === 0;
    if (!consistent) console.log(`FAIL: every measured number should have had its SMS sent (${sent} of ${targets.length}) and its code spent (${codesLeft} left)`);
    const pass = requestPass && verifyPass && wrongErrors === 0 && aloneErrors === 0 && floorErrors + writesFloorErrors === 0 && enough && consistent;
    console.log(pass ? '\nall phone code budgets met' : '\nA PHONE CODE BUDGET WAS MISSED');
    return pass ? 0 : 1;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);

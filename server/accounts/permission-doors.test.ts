import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { ROLE_PERMISSIONS } from '@/lib/permissions';
import type { Permission } from '@/lib/permissions';
import { accessFor } from '@/lib/routes';
import { caller } from '@/tests/support/signed-in-caller';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { User } from './users';

jest.mock('./guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// A new role is one row of the permission table: this test adds a moderator who may only moderate
// reviews, then knocks on every API door as a learner, the moderator and an admin. The moderator
// gets in exactly where a learner does, plus the review moderation doors; every other staff door
// refuses them. And every staff page asks, on the server, for the permission the proxy checks.
selectPrivateDatabase('kz_jest_permission_doors');

const ROLES = ROLE_PERMISSIONS as Record<string, readonly Permission[]>;
ROLES.moderator = ['moderateReviews'];

const ROOT = path.resolve(__dirname, '../..');
const API = path.join(ROOT, 'app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const UNKNOWN_ID = new ObjectId().toHexString();

/** The doors only a moderator may open beside what any learner may: the review moderation ones. */
const MODERATION_DOORS = new Set(['GET /api/reviews/hidden', 'POST /api/reviews/[id]/hide', 'POST /api/reviews/[id]/show', 'POST /api/reviews/[id]/reply', 'DELETE /api/reviews/[id]/reply']);

/** Doors for one's own account only, whatever one's role. */
const OWN_ACCOUNT_ONLY = new Set(['PUT /api/users/[email]']);

/**
 * Doors no account opens: signing in and registering (open to all, and built on Auth.js, which
 * jest cannot load), and those a signature or a token in the address opens.
 */
const NOT_BY_ACCOUNT = /^\/api\/(auth\/|account\/(login|register|phone-login)\/|lesson-stream\/|stripe\/|payments\/(sslcommerz\/ipn|bkash\/webhook))/;

/** A value for each dynamic segment: unknown ids, a made-up address, a caption file. */
const SEGMENT_VALUES: Record<string, string | string[]> = {
  email: 'nobody@example.com',
  key: 'nobody@example.com',
  token: 'not-a-token',
  path: ['master.m3u8'],
  file: 'en.vtt',
  part: 'video',
  outcome: 'cancel',
  list: 'classOne',
  Subject: 'English',
};

function routeFiles(dir = API): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

type Door = { name: string; call: () => Promise<Response> };

function doorsOf(file: string, module: Record<string, unknown>): Door[] {
  const pattern = `/api/${path.relative(API, path.dirname(file)).split(path.sep).join('/')}`;
  const params = Object.fromEntries(
    [...pattern.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map(([, name]) => [name!, SEGMENT_VALUES[name!] ?? (/id$/i.test(name!) ? UNKNOWN_ID : 'x')]),
  );
  const address = pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => [params[name]].flat().join('/'));
  return METHODS.flatMap((method) => {
    const handler = module[method] as Handler | undefined;
    if (!handler) return [];
    return [
      {
        name: `${method} ${pattern}`,
        call: () =>
          handler(
            new NextRequest(`http://127.0.0.1:3000${address}?courseId=${UNKNOWN_ID}&lessonId=${UNKNOWN_ID}&language=en&part=video`, {
              method,
              headers: { 'content-type': 'application/json' },
              ...(method === 'GET' ? {} : { body: '{}' }),
            }),
            { params: Promise.resolve(params) },
          ),
      },
    ];
  });
}

let m: { db: typeof import('../platform/db'); users: typeof import('./users') };
let accounts: Record<'learner' | 'moderator' | 'admin', User>;

beforeAll(async () => {
  m = { db: await import('../platform/db'), users: await import('./users') };
  const make = async (name: string, role: string) => {
    const user = await m.users.createPasswordUser({ name, email: `${name}-${UNKNOWN_ID}@example.com`, password: 'secret12', role: role as User['role'] });
    if (!user) throw new Error(`could not create ${name}`);
    return user;
  };
  accounts = { learner: await make('learner', 'user'), moderator: await make('moderator', 'moderator'), admin: await make('admin', 'admin') };
});

afterAll(async () => {
  await m.db.closeDb();
});

/** Whether the account got past the door's check of who it is (anything but 401 and 403). */
async function opens(account: User, door: Door): Promise<boolean> {
  caller.user = account;
  const answer = await door.call();
  return answer.status !== 401 && answer.status !== 403;
}

it('lets a role added to the table through exactly the doors its permissions open', async () => {
  // Auth.js's own routes are left out before they are loaded: jest cannot load Auth.js.
  const files = routeFiles().filter((file) => !NOT_BY_ACCOUNT.test(`/api/${path.relative(API, file)}`));
  const doors = (await Promise.all(files.map(async (file) => doorsOf(file, (await import(file)) as Record<string, unknown>)))).flat();
  expect(doors.length).toBeGreaterThan(100);
  const wrong: string[] = [];
  for (const door of doors) {
    const admin = await opens(accounts.admin, door);
    const learner = await opens(accounts.learner, door);
    const moderator = await opens(accounts.moderator, door);
    if (!admin && !OWN_ACCOUNT_ONLY.has(door.name)) wrong.push(`${door.name}: refused an admin`);
    if (moderator !== (learner || MODERATION_DOORS.has(door.name))) wrong.push(`${door.name}: ${moderator ? 'let the moderator in' : 'refused the moderator'}`);
  }
  expect(wrong).toEqual([]);
  for (const name of MODERATION_DOORS) expect(doors.map((door) => door.name)).toContain(name);
}, 120_000);

it('has every staff page ask, on the server, for the permission the proxy checks for its address', () => {
  const pages = path.join(ROOT, 'app/[locale]');
  const files = (readdirSync(pages, { recursive: true }) as string[]).filter((file) => file.endsWith('page.tsx'));
  const guarded = files.flatMap((file) => {
    const permission = /requirePermissionPage\('(\w+)'/.exec(readFileSync(path.join(pages, file), 'utf8'))?.[1];
    return permission ? [{ address: `/${path.dirname(file).split(path.sep).join('/')}`.replace(/\[(\w+)\]/g, 'x'), permission }] : [];
  });
  expect(guarded.length).toBeGreaterThan(10);
  for (const { address, permission } of guarded) expect({ address, access: accessFor(address) }).toEqual({ address, access: { permission } });
});

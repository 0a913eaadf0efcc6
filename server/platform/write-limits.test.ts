import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { createSamplePdf } from '@/scripts/demo-files';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { User } from '../accounts/users';
import { validBookForm, validLegacyCourse } from '@/tests/support/admin-forms';

// The admin-write allowance (server/platform/write-limits.ts) through the real legacy route handlers and the
// admin forms' server actions, against the embedded database: every admin create, update, delete,
// book-file upload and role change counts once against the acting admin's own budget, only after
// its input was validated; the write after the budget is spent answers 429 with Retry-After (or the
// form's message) and changes nothing; other admins and other accounts keep their own allowances.
selectPrivateDatabase('kz_jest_admin_write_limits');

// The guards read the Auth.js session, which jest never loads (no next-auth here): the caller is
// whichever account the test signs in below. Page revalidation needs a Next request; it is a no-op.
let mockSignedIn: User | null = null;
jest.mock('../accounts/guards', () => {
  const forbidden = (status: number, message: import('@/lib/coded-message').CodedMessage) => {
    const { HttpError } = jest.requireActual<typeof import('./http')>('./http');
    return new HttpError(status, message);
  };
  const requireUser = async () => {
    if (!mockSignedIn) throw forbidden(401, 'unauthorizedAccess');
    return mockSignedIn;
  };
  return {
    currentUser: async () => mockSignedIn,
    requireUser,
    requirePermission: async (permission: import('@/lib/permissions').Permission) => {
      const user = await requireUser();
      if (!jest.requireActual<typeof import('@/lib/permissions')>('@/lib/permissions').may(user, permission)) throw forbidden(403, 'forbiddenAccess');
      return user;
    },
  };
});
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Routes = Record<string, { [method: string]: Handler }>;

let routes: Routes;
let m: {
  db: typeof import('./db');
  users: typeof import('../accounts/users');
  limits: typeof import('./write-limits');
  blogActions: typeof import('@/server/actions/blogs');
  userActions: typeof import('@/server/actions/users');
};
let adminA: User;
let adminB: User;
let student: User;

async function newAccount(name: string, role: 'admin' | 'user'): Promise<User> {
  const user = await m.users.createPasswordUser({ name, email: `${name.toLowerCase()}-${new ObjectId().toHexString()}@example.com`, password: 'secret12', role });
  if (!user) throw new Error(`could not create ${name}`);
  return user;
}

beforeAll(async () => {
  const load = async (path: string) => (await import(`@/app/api/${path}/route`)) as unknown as { [method: string]: Handler };
  routes = {
    addBlog: await load('addBlog'),
    blogUpdate: await load('blogUpdate/[id]'),
    blogDelete: await load('blogDelete/[id]'),
    addCourse: await load('addCourse'),
    courseUpdate: await load('courseUpdate/[id]'),
    course: await load('course/[id]'),
    addBook: await load('addBook'),
    bookUpdate: await load('bookUpdate/[id]'),
    bookDelete: await load('bookDelete/[id]'),
    bookFile: await load('uploads/book-file'),
    addInstructor: await load('addInstructor'),
    updateInstructor: await load('updateInstructor/[id]'),
    instructor: await load('instructor/[id]'),
    makeAdmin: await load('user/admin/[email]'),
    user: await load('user/[key]'),
    addreview: await load('addreview'),
  };
  m = {
    db: await import('./db'),
    users: await import('../accounts/users'),
    limits: await import('./write-limits'),
    blogActions: await import('@/server/actions/blogs'),
    userActions: await import('@/server/actions/users'),
  };
  adminA = await newAccount('AdminA', 'admin');
  adminB = await newAccount('AdminB', 'admin');
  student = await newAccount('Student', 'user');
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['rateLimits', 'blogs', 'courses', 'books', 'instructors', 'auditLog', 'reviews'].map((name) => db.collection(name).deleteMany({})));
  mockSignedIn = adminA;
});

afterAll(async () => {
  await m.db.closeDb();
});

const ORIGIN = 'http://127.0.0.1:3000';

function call(route: string, method: string, options: { path?: string; params?: Record<string, string>; body?: unknown; raw?: Buffer; contentType?: string } = {}) {
  const handler = routes[route]?.[method];
  if (!handler) throw new Error(`no ${method} handler in ${route}`);
  const { body, raw } = options;
  const headers: Record<string, string> = { host: '127.0.0.1:3000' };
  let payload: BodyInit | undefined;
  if (raw) {
    payload = new Uint8Array(raw);
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    headers['content-length'] = String(raw.byteLength);
  } else if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const request = new NextRequest(`${ORIGIN}${options.path ?? `/api/${route}`}`, { method, headers, body: payload });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

async function allowanceUsed(admin: User): Promise<number> {
  const doc = await (await m.db.collection('rateLimits')).findOne({ _id: `admin-write:${admin.id}` });
  return doc?.failures ?? 0;
}

async function count(name: 'blogs' | 'courses' | 'books' | 'instructors' | 'auditLog' | 'users'): Promise<number> {
  return (await m.db.getDb()).collection(name).countDocuments({});
}

/** Marks `admin`'s allowance as spent but for `left` writes, as if they had just made the others. */
async function spendAllowance(admin: User, left: number): Promise<void> {
  const limits = await m.db.collection('rateLimits');
  await limits.replaceOne({ _id: `admin-write:${admin.id}` }, { failures: m.limits.WRITE_LIMITS.adminWrite.max - left, windowStartedAt: new Date() }, { upsert: true });
}

const blog = { title: 'Limits and budgets', img: 'https://images.example.com/b.png', writerName: 'Nadia Islam', date: '2026-02-14', description: 'Why every write has a budget.' };
const course = validLegacyCourse;
const book = validBookForm;
/** The Update Course and Update Book forms' fields. */
const { classCourse: _list, instructorImg: _instructorImg, video: _video, ...courseChange } = course;
const { educationWriter1: _education, interactive: _interactive, ...bookChange } = book;
const instructor = {
  Subject: 'Physics',
  name: 'Mahbub Alam',
  img: 'https://images.example.com/i.png',
  education: 'MSc Physics',
  facebook: 'https://facebook.com/mahbub',
  twitter: 'https://twitter.com/mahbub',
  instagram: 'https://instagram.com/mahbub',
  linkedin: 'https://linkedin.com/in/mahbub',
};

async function insertedId(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

describe('the admin-write allowance', () => {
  it('counts every admin write through the legacy API once, only after its input was validated', async () => {
    const newcomer = await newAccount('Newcomer', 'user');
    const refused: [string, () => Promise<Response>][] = [
      ['empty blog', () => call('addBlog', 'POST', { body: {} })],
      ['operator in a field', () => call('addBlog', 'POST', { body: { ...blog, title: { $gt: '' } } })],
      ['unknown field', () => call('addCourse', 'POST', { body: { ...course, role: 'admin' } })],
      ['malformed JSON', () => call('addInstructor', 'POST', { body: '{"Subject":' })],
      ['malformed id', () => call('blogDelete', 'DELETE', { path: '/api/blogDelete/zz', params: { id: 'zz' } })],
      ['bad e-mail', () => call('makeAdmin', 'PUT', { path: '/api/user/admin/x', params: { email: 'not-an-email' } })],
      ['bad upload id', () => call('bookFile', 'POST', { path: '/api/uploads/book-file?bookId=1', raw: createSamplePdf('x') })],
    ];
    for (const [label, send] of refused) {
      expect([label, (await send()).status]).toEqual([label, 400]);
    }
    expect(await allowanceUsed(adminA)).toBe(0);

    let used = 0;
    const expectCounted = async (label: string, response: Response | Promise<Response>, status: number) => {
      const answered = await response;
      used += 1;
      expect([label, answered.status, await allowanceUsed(adminA)]).toEqual([label, status, used]);
      return answered;
    };

    const blogId = await insertedId(await expectCounted('add blog', call('addBlog', 'POST', { body: blog }), 201));
    await expectCounted('update blog', call('blogUpdate', 'PUT', { params: { id: blogId }, body: { ...blog, title: 'Budgets' } }), 200);
    await expectCounted('delete blog', call('blogDelete', 'DELETE', { params: { id: blogId } }), 200);
    // An unknown id passed validation too: the lookup is a write attempt like any other.
    await expectCounted('delete unknown blog', call('blogDelete', 'DELETE', { params: { id: new ObjectId().toHexString() } }), 404);

    const courseId = await insertedId(await expectCounted('add course', call('addCourse', 'POST', { body: course }), 201));
    await expectCounted('update course', call('courseUpdate', 'PUT', { params: { id: courseId }, body: { ...courseChange, title: 'Relativity Live', price: 20 } }), 200);
    await expectCounted('delete course', call('course', 'DELETE', { params: { id: courseId } }), 200);

    const bookId = await insertedId(await expectCounted('add book', call('addBook', 'POST', { body: book }), 201));
    await expectCounted('upload book file', call('bookFile', 'POST', { path: `/api/uploads/book-file?bookId=${bookId}`, raw: createSamplePdf('Organic Chemistry') }), 201);
    await expectCounted('update book', call('bookUpdate', 'PUT', { params: { id: bookId }, body: { ...bookChange, bookName: 'Organic Chemistry, 2nd edition', price: 11 } }), 200);
    await expectCounted('delete book', call('bookDelete', 'DELETE', { params: { id: bookId } }), 200);

    const instructorId = await insertedId(await expectCounted('add instructor', call('addInstructor', 'POST', { body: instructor }), 201));
    await expectCounted('update instructor', call('updateInstructor', 'PUT', { params: { id: instructorId }, body: { ...instructor, name: 'M. Alam' } }), 200);
    await expectCounted('delete instructor', call('instructor', 'DELETE', { params: { id: instructorId } }), 200);

    await expectCounted('make admin', call('makeAdmin', 'PUT', { params: { email: newcomer.email! } }), 200);
    await expectCounted('delete user', call('user', 'DELETE', { params: { key: newcomer.id } }), 200);

    expect(used).toBe(16);
    expect(await allowanceUsed(adminB)).toBe(0);
  });

  it('is the same allowance the admin forms’ server actions use', async () => {
    expect(await m.blogActions.addBlogAction({ ...blog, date: '2026-02-30' })).toMatchObject({ ok: false, fieldErrors: { date: expect.any(Array) } });
    expect(await allowanceUsed(adminA)).toBe(0);

    const added = await m.blogActions.addBlogAction(blog);
    expect(added).toMatchObject({ ok: true });
    await call('addBlog', 'POST', { body: blog });
    expect(await m.userActions.makeAdminAction('nobody@example.com')).toEqual({ ok: false, message: 'failedToMakeAnAdmin' });

    expect(await allowanceUsed(adminA)).toBe(3);
  });

  it('answers 429 with Retry-After once the window’s budget is spent, and writes nothing', async () => {
    const { max, windowSeconds } = m.limits.WRITE_LIMITS.adminWrite;
    expect(max).toBeGreaterThanOrEqual(300);
    const bookId = await insertedId(await call('addBook', 'POST', { body: book }));
    // Spend the rest of the budget with real writes (unknown ids: validated, counted, nothing to change).
    await spendAllowance(adminA, 20);
    for (let index = 0; index < 19; index += 1) {
      expect((await call('blogDelete', 'DELETE', { params: { id: new ObjectId().toHexString() } })).status).toBe(404);
    }
    expect((await call('addBlog', 'POST', { body: blog })).status).toBe(201);
    expect(await allowanceUsed(adminA)).toBe(max);
    const before = { blogs: await count('blogs'), books: await count('books'), audit: await count('auditLog'), users: await count('users') };

    const blocked = await call('addBlog', 'POST', { body: blog });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await blocked.json()).toEqual({ message: expect.stringMatching(/too many/i), code: expect.any(String) });

    const statuses = [
      (await call('blogDelete', 'DELETE', { params: { id: new ObjectId().toHexString() } })).status,
      (await call('bookDelete', 'DELETE', { params: { id: bookId } })).status,
      (await call('bookUpdate', 'PUT', { params: { id: bookId }, body: { ...bookChange, bookName: 'Renamed', price: 1 } })).status,
      (await call('bookFile', 'POST', { path: `/api/uploads/book-file?bookId=${bookId}`, raw: createSamplePdf('Too late') })).status,
      (await call('addCourse', 'POST', { body: course })).status,
      (await call('makeAdmin', 'PUT', { params: { email: student.email! } })).status,
      (await call('user', 'DELETE', { params: { key: student.id } })).status,
    ];
    expect(statuses).toEqual([429, 429, 429, 429, 429, 429, 429]);
    // Invalid input is still told what is wrong (validation comes first, and is not counted).
    expect((await call('addBlog', 'POST', { body: { ...blog, img: 'javascript:alert(1)' } })).status).toBe(400);

    // The forms get a clear message instead of an error page.
    expect(await m.blogActions.addBlogAction(blog)).toEqual({ ok: false, message: 'youHaveMadeTooManyChangesInAShortTimePleaseWait' });
    expect(await m.userActions.makeAdminAction(student.email)).toEqual({ ok: false, message: 'youHaveMadeTooManyChangesInAShortTimePleaseWait' });
    expect(await m.userActions.deleteUserAction(student.id)).toEqual({ ok: false, message: 'youHaveMadeTooManyChangesInAShortTimePleaseWait' });

    expect({ blogs: await count('blogs'), books: await count('books'), audit: await count('auditLog'), users: await count('users') }).toEqual(before);
    expect((await m.users.findUserById(student.id))?.role).toBe('user');
    expect((await (await m.db.collection('books')).findOne({ _id: new ObjectId(bookId) }))?.bookName).toBe(book.bookName);
    expect(await allowanceUsed(adminA)).toBe(max);
  });

  it('leaves other admins and other accounts their own allowances, and opens again when the window ends', async () => {
    await spendAllowance(adminA, 0);
    expect((await call('addBlog', 'POST', { body: blog })).status).toBe(429);

    mockSignedIn = adminB;
    expect((await call('addBlog', 'POST', { body: blog })).status).toBe(201);
    expect(await m.blogActions.addBlogAction(blog)).toMatchObject({ ok: true });
    expect(await allowanceUsed(adminB)).toBe(2);

    mockSignedIn = student;
    const review = await call('addreview', 'POST', { body: { comment: 'Clear and patient teaching.', ratting: 5 } });
    expect(review.status).toBe(200);

    mockSignedIn = adminA;
    expect((await call('addBlog', 'POST', { body: blog })).status).toBe(429);
    const { windowSeconds } = m.limits.WRITE_LIMITS.adminWrite;
    await (await m.db.collection('rateLimits')).updateOne({ _id: `admin-write:${adminA.id}` }, { $set: { windowStartedAt: new Date(Date.now() - windowSeconds * 1000 - 1000) } });
    expect((await call('addBlog', 'POST', { body: blog })).status).toBe(201);
    expect(await allowanceUsed(adminA)).toBe(1);
  });
});

import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { validCourseForm } from '@/tests/support/admin-forms';
import { addCourseAction, updateCourseAction } from '@/server/actions/courses';
import * as addCourseRoute from '@/app/api/addCourse/route';
import * as courseRoute from '@/app/api/course/[id]/route';
import * as courseUpdateRoute from '@/app/api/courseUpdate/[id]/route';
import { closeDb, collection } from '../db';
import type { CourseDocument, CurriculumSectionDocument } from '../documents';
import { createPasswordUser } from '../users';

// A course's hours are shown in tenths once it has lessons (server/curriculum.ts): a 6-minute
// course has 0.1 hours. Whatever the course page and GET /api/course/{id} show, the admin form and
// PUT /api/courseUpdate/{id} take back, so an edit never fails on a number the admin did not type.

selectPrivateDatabase('kz_jest_course_hours');
process.env.SITE_URL = 'https://kz.example';

jest.mock('../guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

afterAll(closeDb);

beforeAll(async () => {
  const admin = await createPasswordUser({ name: 'Hours Admin', email: `hours-admin-${Date.now()}@example.com`, password: 'secret12', role: 'admin' });
  if (!admin) throw new Error('could not create the admin');
  caller.user = admin;
});

/** One section with one 6-minute video lesson. */
function sixMinuteCurriculum(): CurriculumSectionDocument[] {
  return [{ _id: new ObjectId(), title: 'Only', lessons: [{ _id: new ObjectId(), title: 'Short', kind: 'video', durationSeconds: 360, freePreview: false }] }];
}

function request(path: string, init: { method?: string; json?: unknown } = {}): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, {
    method: init.method ?? 'GET',
    headers: { host: '127.0.0.1:3000', ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
}

const idContext = (id: ObjectId) => ({ params: Promise.resolve({ id: id.toHexString() }) });

async function stored(id: ObjectId): Promise<CourseDocument> {
  const document = await (await collection('courses')).findOne({ _id: id });
  if (!document) throw new Error('course not stored');
  return document;
}

describe('a 6-minute course (0.1 hours)', () => {
  it('is written back unchanged through the legacy update after the legacy read (round trip)', async () => {
    const course = await insertCourse({ curriculum: sixMinuteCurriculum(), hours: 10 });
    const read = await courseRoute.GET(request(`/api/course/${course._id.toHexString()}`), idContext(course._id));
    expect(read.status).toBe(200);
    // The answer as an old client keeps it; `_id` is in the address, not in the update form.
    const { _id: _ignored, ...answer } = (await read.json()) as Record<string, unknown>;
    expect(answer.hours).toBe(0.1);

    const written = await courseUpdateRoute.PUT(request(`/api/courseUpdate/${course._id.toHexString()}`, { method: 'PUT', json: answer }), idContext(course._id));
    expect({ status: written.status, body: await written.json() }).toEqual({ status: 200, body: expect.objectContaining({ matchedCount: 1 }) });
    expect(await stored(course._id)).toMatchObject({ hours: 0.1, title: course.title, priceCents: course.priceCents, img: course.img, instructorImg: course.instructorImg });

    // Read again, the course answers the same as before the write.
    const again = (await (await courseRoute.GET(request(`/api/course/${course._id.toHexString()}`), idContext(course._id))).json()) as Record<string, unknown>;
    expect(again).toEqual({ ...answer, _id: course._id.toHexString() });
  });

  it('is added through the legacy API with hours in tenths, and hours with more decimals are a 400 naming the field', async () => {
    const body = { ...validCourseForm, title: 'Tenths Course', hours: '1.5' };
    const added = await addCourseRoute.POST(request('/api/addCourse', { method: 'POST', json: body }), { params: Promise.resolve({}) });
    expect(added.status).toBe(201);
    const created = await (await collection('courses')).findOne({ title: 'Tenths Course' });
    expect(created?.hours).toBe(1.5);

    const course = await insertCourse({ curriculum: sixMinuteCurriculum() });
    const refused = await courseUpdateRoute.PUT(request(`/api/courseUpdate/${course._id.toHexString()}`, { method: 'PUT', json: { ...body, hours: 0.15 } }), idContext(course._id));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Hours can have at most one decimal');
  });

  it('is saved from the admin Update Course form with 0.1 hours and Coming soon unticked', async () => {
    const course = await insertCourse({ curriculum: sixMinuteCurriculum(), comingSoon: true });
    const { classCourse: _type, instructorImg: _instructorImg, video: _video, ...form } = validCourseForm;

    const result = await updateCourseAction(course._id.toHexString(), { ...form, hours: 0.1, comingSoon: false });
    expect(result).toEqual({ ok: true, data: { classCourse: course.classCourse } });
    expect(await stored(course._id)).toMatchObject({ hours: 0.1, comingSoon: false });
  });

  it('is refused by the admin forms only with a message for the hours field', async () => {
    const course = await insertCourse({ curriculum: sixMinuteCurriculum() });
    const { classCourse: _type, instructorImg: _instructorImg, video: _video, ...form } = validCourseForm;
    expect(await updateCourseAction(course._id.toHexString(), { ...form, hours: 0.15 })).toEqual({
      ok: false,
      message: 'Please correct the highlighted fields.',
      fieldErrors: { hours: ['Hours can have at most one decimal'] },
    });
    expect(await addCourseAction({ ...validCourseForm, hours: 2.5 })).toMatchObject({ ok: true });
  });
});

import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { validCourseForm, validInstructor, validLegacyCourse } from '@/tests/support/admin-forms';
import { addCourseAction, updateCourseAction } from '@/server/actions/courses';
import * as addCourseRoute from '@/app/api/addCourse/route';
import * as courseRoute from '@/app/api/course/[id]/route';
import * as courseUpdateRoute from '@/app/api/courseUpdate/[id]/route';
import { closeDb, collection } from '../../platform/db';
import type { CourseDocument, CurriculumSectionDocument } from '../../platform/documents';
import { createPasswordUser } from '../../accounts/users';

// A course's hours are shown in tenths once it has lessons (server/learning/curriculum.ts): a 6-minute
// course has 0.1 hours. Whatever GET /api/course/{id} shows, PUT /api/courseUpdate/{id} takes back,
// so an old client's edit never fails on a number the admin did not type; the number itself is
// counted from the curriculum, never taken from a write. The admin forms have no counts.

selectPrivateDatabase('kz_jest_course_hours');
process.env.SITE_URL = 'https://kz.example';

jest.mock('../../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
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
    // Counted, not taken: the stored number is left as it was.
    expect(await stored(course._id)).toMatchObject({ hours: 10, title: course.title, priceCents: course.priceCents, img: course.img, instructorImg: course.instructorImg });

    // Read again, the course answers the same as before the write.
    const again = (await (await courseRoute.GET(request(`/api/course/${course._id.toHexString()}`), idContext(course._id))).json()) as Record<string, unknown>;
    expect(again).toEqual({ ...answer, _id: course._id.toHexString() });
  });

  it('is added through the legacy API with hours in tenths (counted, so 0 until it has lessons), and hours with more decimals are a 400 naming the field', async () => {
    const body = { ...validLegacyCourse, title: 'Tenths Course', hours: '1.5' };
    const added = await addCourseRoute.POST(request('/api/addCourse', { method: 'POST', json: body }), { params: Promise.resolve({}) });
    expect(added.status).toBe(201);
    const created = await (await collection('courses')).findOne({ title: 'Tenths Course' });
    expect(created).toMatchObject({ hours: 0, videos: 0, quizzes: 0, notes: 0, transcripts: 0, draft: true });

    const course = await insertCourse({ curriculum: sixMinuteCurriculum() });
    const refused = await courseUpdateRoute.PUT(request(`/api/courseUpdate/${course._id.toHexString()}`, { method: 'PUT', json: { ...body, hours: 0.15 } }), idContext(course._id));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Hours can have at most one decimal');
  });

  it('is put on sale from the admin Update Course form (Coming soon unticked), which has no counts to type', async () => {
    const instructor = await (await collection('instructors')).insertOne({ _id: new ObjectId(), ...validInstructor, createdAt: new Date() });
    const course = await insertCourse({ curriculum: sixMinuteCurriculum(), comingSoon: true });
    const { classCourse: _type, video: _video, ...form } = validCourseForm(instructor.insertedId.toHexString());

    const result = await updateCourseAction(course._id.toHexString(), { ...form, comingSoon: false });
    expect(result).toEqual({ ok: true, data: { classCourse: course.classCourse } });
    expect(await stored(course._id)).toMatchObject({ comingSoon: false, instructorId: instructor.insertedId, instructorName: validInstructor.name });
    expect(await updateCourseAction(course._id.toHexString(), { ...form, hours: 0.1 })).toEqual({ ok: false, message: 'pleaseCorrectTheHighlightedFields', fieldErrors: { form: ['Unrecognized key: "hours"'] } });
    expect(await addCourseAction({ ...validCourseForm(instructor.insertedId.toHexString()), hours: 2.5 })).toMatchObject({ ok: false });
  });
});

// POST /api/addCourse — add a course (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { legacyCourseCreateBody } from '@/lib/schemas/course';
import { revalidateCatalogue } from '@/server/catalogue-cache';
import { createCourse } from '@/server/catalogue-admin/courses';
import { requireAdmin } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { insertResult } from '@/server/legacy-results';

export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = legacyCourseCreateBody.parse(await readJson(request));
  const created = await createCourse(admin, values);
  await revalidateCatalogue('course', [created.id]);
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// POST /api/addCourse — add a course (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { legacyCourseCreateBody } from '@/lib/schemas/course';
import { createCourse } from '@/server/catalogue/admin/courses';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { insertResult } from '@/server/legacy/legacy-results';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const values = legacyCourseCreateBody.parse(withSiteImagePaths(await readJson(request)));
  const created = await createCourse(admin, values);
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

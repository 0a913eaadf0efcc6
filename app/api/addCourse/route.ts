// POST /api/addCourse — add a course (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { createCourse } from '@/server/catalogue/admin/courses';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { insertResult } from '@/server/legacy/legacy-results';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const created = await createCourse(admin, withSiteImagePaths(await readJson(request)), 'legacy');
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// PUT /api/courseUpdate/{id} — update a course (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { updateCourse } from '@/server/catalogue/admin/courses';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { updateResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const changed = orNotFound(await updateCourse(admin, id, withSiteImagePaths(await readJson(request)), 'legacy'), 'courseNotFound');
  return NextResponse.json(updateResult(changed.result), { headers: { 'Cache-Control': 'no-store' } });
});

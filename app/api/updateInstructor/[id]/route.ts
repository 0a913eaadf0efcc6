// PUT /api/updateInstructor/{id} — update an instructor (admin); legacy field names (Subject)
import { NextResponse } from 'next/server';
import { updateInstructor } from '@/server/catalogue/admin/instructors';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { updateResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await updateInstructor(admin, id, withSiteImagePaths(await readJson(request))), 'instructorNotFound');
  return NextResponse.json(updateResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

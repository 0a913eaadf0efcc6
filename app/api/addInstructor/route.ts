// POST /api/addInstructor — add an instructor (admin); legacy field names (Subject)
import { NextResponse } from 'next/server';
import { createInstructor } from '@/server/catalogue/admin/instructors';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { insertResult } from '@/server/legacy/legacy-results';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const created = await createInstructor(admin, withSiteImagePaths(await readJson(request)));
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

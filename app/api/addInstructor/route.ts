// POST /api/addInstructor — add an instructor (admin); legacy field names (Subject)
import { NextResponse } from 'next/server';
import { instructorSchema } from '@/lib/schemas/instructor';
import { revalidateCatalogue } from '@/server/catalogue-cache';
import { createInstructor } from '@/server/catalogue-admin/instructors';
import { requireAdmin } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { insertResult } from '@/server/legacy-results';

export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = instructorSchema.parse(await readJson(request));
  const created = await createInstructor(admin, values);
  await revalidateCatalogue('instructor', [created.id]);
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// GET|DELETE /api/course/{id} — one course in the old document shape (public); delete it (admin)
import { NextResponse } from 'next/server';
import { deleteCourse } from '@/server/catalogue/admin/courses';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';
import { deleteResult } from '@/server/legacy/legacy-results';
import { readCourse } from './public-read';

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await deleteCourse(admin, id), 'courseNotFound');
  return NextResponse.json(deleteResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

export const GET = route<Context>(readCourse);

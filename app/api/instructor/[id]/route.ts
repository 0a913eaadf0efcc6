// GET|DELETE /api/instructor/{id} — one instructor in the old document shape (public); delete it (admin)
import { NextResponse } from 'next/server';
import { deleteInstructor } from '@/server/catalogue/admin/instructors';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';
import { deleteResult } from '@/server/legacy/legacy-results';
import { legacyItemResponse } from '@/server/legacy/legacy-api';
import { toLegacyInstructor } from '@/server/legacy/legacy-shapes';
import { findInstructorDocument } from '@/server/catalogue/instructors';

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await deleteInstructor(admin, id), 'instructorNotFound');
  return NextResponse.json(deleteResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

export const GET = route<Context>(async (_request, { params }) => {
  const document = await findInstructorDocument(objectIdFrom((await params).id));
  return legacyItemResponse(document && toLegacyInstructor(document), 'instructorNotFound');
});

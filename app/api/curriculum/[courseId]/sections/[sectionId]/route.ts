// DELETE /api/curriculum/{courseId}/sections/{sectionId} — delete a section with its lessons and their files (admin)
import { NextResponse } from 'next/server';
import { deleteSection } from '@/server/catalogue/admin/curriculum';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';

type Context = { params: Promise<{ courseId: string; sectionId: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const { courseId, sectionId } = await params;
  const id = objectIdFrom(courseId);
  await deleteSection(admin, id, objectIdFrom(sectionId).toHexString());
  return NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
});

// DELETE /api/curriculum/{courseId}/sections/{sectionId} — delete a section with its lessons and their files (admin)
import { NextResponse } from 'next/server';
import { revalidateCatalogue } from '@/server/catalogue-cache';
import { deleteSection } from '@/server/catalogue-admin/curriculum';
import { requireAdmin } from '@/server/guards';
import { objectIdFrom, route } from '@/server/http';

type Context = { params: Promise<{ courseId: string; sectionId: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requireAdmin();
  const { courseId, sectionId } = await params;
  const id = objectIdFrom(courseId);
  await deleteSection(admin, id, objectIdFrom(sectionId).toHexString());
  await revalidateCatalogue('course', [id.toHexString()]);
  return NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
});

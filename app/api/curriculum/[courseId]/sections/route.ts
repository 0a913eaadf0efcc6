// POST /api/curriculum/{courseId}/sections — add a section ({title, translations?}) at the end of a course's curriculum (admin)
import { NextResponse } from 'next/server';
import { addSection } from '@/server/catalogue/admin/curriculum';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';

type Context = { params: Promise<{ courseId: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const courseId = objectIdFrom((await params).courseId);
  const id = await addSection(admin, courseId, await readJson(request, 8 * 1024));
  return NextResponse.json({ id }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

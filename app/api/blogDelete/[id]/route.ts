// DELETE /api/blogDelete/{id} — delete a blog post (admin)
import { NextResponse } from 'next/server';
import { deleteBlog } from '@/server/catalogue/admin/blogs';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';
import { deleteResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await deleteBlog(admin, id), 'blogNotFound');
  return NextResponse.json(deleteResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

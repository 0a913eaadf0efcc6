// PUT /api/blogUpdate/{id} — update a blog post (admin)
import { NextResponse } from 'next/server';
import { updateBlog } from '@/server/catalogue/admin/blogs';
import { BLOG_BODY_MAX_BYTES } from '@/server/catalogue/admin/limits';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { updateResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await updateBlog(admin, id, withSiteImagePaths(await readJson(request, BLOG_BODY_MAX_BYTES))), 'blogNotFound');
  return NextResponse.json(updateResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

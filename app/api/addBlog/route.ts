// POST /api/addBlog — add a blog post (admin)
import { NextResponse } from 'next/server';
import { createBlog } from '@/server/catalogue/admin/blogs';
import { BLOG_BODY_MAX_BYTES } from '@/server/catalogue/admin/limits';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { insertResult } from '@/server/legacy/legacy-results';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const created = await createBlog(admin, withSiteImagePaths(await readJson(request, BLOG_BODY_MAX_BYTES)));
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// POST /api/addBlog — add a blog post (admin)
import { NextResponse } from 'next/server';
import { blogSchema } from '@/lib/schemas/blog';
import { revalidateCatalogue } from '@/server/catalogue-cache';
import { createBlog } from '@/server/catalogue-admin/blogs';
import { BLOG_BODY_MAX_BYTES } from '@/server/catalogue-admin/limits';
import { requireAdmin } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { insertResult } from '@/server/legacy-results';

export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = blogSchema.parse(await readJson(request, BLOG_BODY_MAX_BYTES));
  const created = await createBlog(admin, values);
  await revalidateCatalogue('blog', [created.id]);
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

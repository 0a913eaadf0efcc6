// POST /api/addBook — add a book (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { createBook } from '@/server/catalogue/admin/books';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { insertResult } from '@/server/legacy/legacy-results';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const created = await createBook(admin, withSiteImagePaths(await readJson(request)), 'legacy');
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

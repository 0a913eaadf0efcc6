// PUT /api/bookUpdate/{id} — update a book (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { updateBook } from '@/server/catalogue/admin/books';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { withSiteImagePaths } from '@/server/legacy/legacy-images';
import { updateResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await updateBook(admin, id, withSiteImagePaths(await readJson(request)), 'legacy'), 'bookNotFound');
  return NextResponse.json(updateResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

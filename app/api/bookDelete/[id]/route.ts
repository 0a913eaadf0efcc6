// DELETE /api/bookDelete/{id} — delete a book and its stored file (admin)
import { NextResponse } from 'next/server';
import { deleteBook } from '@/server/catalogue/admin/books';
import { orNotFound } from '@/server/catalogue/admin/not-found';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';
import { deleteResult } from '@/server/legacy/legacy-results';

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const id = objectIdFrom((await params).id);
  const result = orNotFound(await deleteBook(admin, id), 'bookNotFound');
  return NextResponse.json(deleteResult(result), { headers: { 'Cache-Control': 'no-store' } });
});

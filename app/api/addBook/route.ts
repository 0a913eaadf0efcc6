// POST /api/addBook — add a book (admin); legacy field names, price in dollars
import { NextResponse } from 'next/server';
import { legacyBookCreateBody } from '@/lib/schemas/book';
import { revalidateCatalogue } from '@/server/catalogue-cache';
import { createBook } from '@/server/catalogue-admin/books';
import { requireAdmin } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { insertResult } from '@/server/legacy-results';

export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = legacyBookCreateBody.parse(await readJson(request));
  const created = await createBook(admin, values);
  await revalidateCatalogue('book', [created.id]);
  return NextResponse.json(insertResult(created.result), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// GET /api/offline/books/{bookId} — a bought book's file as the device saves it: its format, size and address (buyers)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { savableBook } from '@/server/offline/saved-content';

type Context = { params: Promise<{ bookId: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  return NextResponse.json(await savableBook(user, (await params).bookId), { headers: { 'Cache-Control': 'private, no-store' } });
});

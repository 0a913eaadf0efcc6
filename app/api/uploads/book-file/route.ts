// POST /api/uploads/book-file?bookId={id} — store a book's PDF or MP3 (admin); the body is the raw file, at most 200 MB
import { NextResponse } from 'next/server';
import { uploadBookFile } from '@/server/catalogue/admin/book-file-upload';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const stored = await uploadBookFile(admin, request.nextUrl.searchParams.get('bookId') ?? '', request.body, request.headers.get('content-length'));
  // The book page shows the file size, which the upload has just set.
  return NextResponse.json(stored, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

// GET /api/books/{id}/file — a bought book's PDF or MP3, streamed with Range support (buyer only)
import { bookFileResponse } from '@/server/catalogue/book-downloads';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  return bookFileResponse(user, (await params).id, request.headers.get('range'));
});

// GET /api/books/{id} — one book in the old document shape (public; the old update form prefills from this address)
import { findBookDocument } from '@/server/catalogue/books';
import { objectIdFrom, route } from '@/server/platform/http';
import { legacyItemResponse, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyBook } from '@/server/legacy/legacy-shapes';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (request, { params }) =>
  rememberedPublicRead(request, async () => {
    const document = await findBookDocument(objectIdFrom((await params).id));
    return legacyItemResponse(document && toLegacyBook(document), 'bookNotFound');
  }, { query: 'ignored' }),
);

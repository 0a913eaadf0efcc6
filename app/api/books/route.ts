// GET /api/books — every book in the old document shape, oldest first like the old server (public; the whole list unless ?page=&limit=)
import { skipFor } from '@/lib/pagination';
import { legacyListQuery } from '@/lib/schemas/legacy';
import { listBookDocuments } from '@/server/catalogue/books';
import { route } from '@/server/platform/http';
import { legacyListResponse, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyBook } from '@/server/legacy/legacy-shapes';

export const GET = route(async (request) =>
  rememberedPublicRead(request, async () => {
    const { page, limit } = legacyListQuery.parse(queryOf(request.nextUrl.searchParams));
    const { documents, total } = await listBookDocuments(skipFor(page, limit), limit);
    return legacyListResponse(documents.map(toLegacyBook), { page, pageSize: limit, total });
  }),
);

// GET /api/blogs — every blog post in the old document shape, oldest first like the old server (public; the whole list unless ?page=&limit=)
import { skipFor } from '@/lib/pagination';
import { legacyListQuery } from '@/lib/schemas/legacy';
import { listBlogDocuments } from '@/server/catalogue/blogs';
import { route } from '@/server/platform/http';
import { legacyListResponse, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyBlog } from '@/server/legacy/legacy-shapes';

export const GET = route(async (request) =>
  rememberedPublicRead(request, async () => {
    const { page, limit } = legacyListQuery.parse(queryOf(request.nextUrl.searchParams));
    const { documents, total } = await listBlogDocuments(skipFor(page, limit), limit);
    return legacyListResponse(documents.map(toLegacyBlog), { page, pageSize: limit, total });
  }),
);

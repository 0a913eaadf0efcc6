// GET /api/blog/{id} — one blog post in the old document shape (public)
import { findBlogDocument } from '@/server/catalogue/blogs';
import { objectIdFrom, route } from '@/server/platform/http';
import { legacyItemResponse, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyBlog } from '@/server/legacy/legacy-shapes';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (request, { params }) =>
  rememberedPublicRead(request, async () => {
    const document = await findBlogDocument(objectIdFrom((await params).id));
    return legacyItemResponse(document && toLegacyBlog(document), 'blogNotFound');
  }, { query: 'ignored' }),
);

// GET /media/{id} — an uploaded image (public, immutable: a new upload always gets a new id)
import { jsonError, route } from '@/server/platform/http';
import { readMedia } from '@/server/catalogue/media';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const { id } = await params;
  const media = await readMedia(id);
  if (!media) return jsonError(404, 'Image not found');
  return new Response(new Uint8Array(media.data), {
    headers: {
      'Content-Type': media.contentType,
      'Content-Length': String(media.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
});

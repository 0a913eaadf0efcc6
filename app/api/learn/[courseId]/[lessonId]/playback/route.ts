// POST /api/learn/{courseId}/{lessonId}/playback — how a playback of the lesson's video went ({session, delivery, startMs?, rebufferMs, playedMs, levels, errors}), sent a few times per playback (whoever may open the lesson)
import { currentUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { recordPlayback } from '@/server/learning/lesson-video/playback-reports';
import { clientIp } from '@/server/accounts/login-attempts';

type Context = { params: Promise<{ courseId: string; lessonId: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const { courseId, lessonId } = await params;
  await recordPlayback(await currentUser(), courseId, lessonId, await readJson(request, 2048), clientIp(request.headers));
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

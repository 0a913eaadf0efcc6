// GET /api/offline/courses/{courseId}?locale= — a bought course's lessons with what saving each on the device costs in bytes, per video quality (buyers and admins)
import { NextResponse } from 'next/server';
import { savedLocaleQuery } from '@/lib/schemas/offline';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { savableCourse } from '@/server/offline/saved-content';

type Context = { params: Promise<{ courseId: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const { locale } = savedLocaleQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await savableCourse(user, (await params).courseId, locale), { headers: { 'Cache-Control': 'private, no-store' } });
});

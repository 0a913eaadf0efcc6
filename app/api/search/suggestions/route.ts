// GET /api/search/suggestions?q= — up to eight course titles for what is typed in the header's search box (public)
import { NextResponse } from 'next/server';
import { suggestionsQuery } from '@/lib/schemas/search';
import { suggestCourses } from '@/server/course-search';
import { route } from '@/server/http';
import { queryOf } from '@/server/legacy-api';

export const GET = route(async (request) => {
  const { q } = suggestionsQuery.parse(queryOf(request.nextUrl.searchParams));
  // Browsers may reuse an answer for a few seconds while the same letters are typed again.
  return NextResponse.json({ suggestions: await suggestCourses(q) }, { headers: { 'Cache-Control': 'public, max-age=10' } });
});

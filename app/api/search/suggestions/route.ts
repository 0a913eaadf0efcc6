// GET /api/search/suggestions?q= — up to eight course, book and instructor names for what is typed in the header's search box (public)
import { NextResponse } from 'next/server';
import { suggestionsQuery } from '@/lib/schemas/search';
import type { SuggestionsAnswer } from '@/lib/schemas/search';
import { suggestForTerm } from '@/server/catalogue/search-suggestions';
import { route } from '@/server/platform/http';
import { queryOf } from '@/server/legacy/legacy-api';

export const GET = route(async (request) => {
  const { q } = suggestionsQuery.parse(queryOf(request.nextUrl.searchParams));
  // Browsers may reuse an answer for a few seconds while the same letters are typed again.
  const { courses, books, instructors } = await suggestForTerm(q);
  return NextResponse.json({ suggestions: courses, books, instructors } satisfies SuggestionsAnswer, { headers: { 'Cache-Control': 'public, max-age=10' } });
});

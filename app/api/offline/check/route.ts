// POST /api/offline/check — of the courses and books a device holds ({courses, books}), those still the caller's; the device removes the rest (signed in)
import { NextResponse } from 'next/server';
import { heldItemsSchema } from '@/lib/schemas/offline';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { stillEntitled } from '@/server/offline/saved-content';

export const POST = route(async (request) => {
  const user = await requireUser();
  return NextResponse.json(await stillEntitled(user, heldItemsSchema.parse(await readJson(request, 32 * 1024))), { headers: { 'Cache-Control': 'no-store' } });
});

// PUT /api/bookN/{id} — mark one new-book notice read for the caller only; 201 with an update result (signed in)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, objectIdFrom, route } from '@/server/platform/http';
import { markReadResult } from '@/server/legacy/legacy-results';
import { markNoticeRead } from '@/server/accounts/notifications';

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const id = objectIdFrom((await params).id);
  const outcome = await markNoticeRead(user, id.toHexString(), 'book');
  if (outcome === 'missing') throw new HttpError(404, 'notificationNotFound');
  // The old server answered 201 here; its clients only look at the counts.
  return NextResponse.json(markReadResult(outcome === 'marked'), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

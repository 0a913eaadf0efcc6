// PUT /api/users/{email} — update your own education, location and phone; name and e-mail are fixed (signed in, own profile only)
import { NextResponse } from 'next/server';
import { emailParam, legacyProfileBody } from '@/lib/schemas/legacy';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, jsonError, readJson, route } from '@/server/platform/http';
import { updateResult } from '@/server/legacy/legacy-results';
import { updateProfileDetails } from '@/server/accounts/profile';

type Context = { params: Promise<{ email: string }> };

export const PUT = route<Context>(async (request, { params }) => {
  const email = emailParam.parse((await params).email);
  const caller = await requireUser();
  // The old server upserted any e-mail's profile for anyone; now each account edits only its own.
  if (caller.email !== email) throw new HttpError(403, 'forbiddenAccess');
  const body = legacyProfileBody.parse(await readJson(request, 8 * 1024));
  if (body.email !== undefined && body.email !== caller.email) throw new HttpError(400, 'theEMailAddressCannotBeChangedHere');
  // updateProfileDetails counts it against the account's profile allowance (429), like the form.
  const saved = await updateProfileDetails(caller.id, { education: body.education, location: body.location, phone: body.phone });
  if (!saved.ok) return jsonError(400, saved.message, { fieldErrors: saved.fieldErrors });
  return NextResponse.json(updateResult(saved.data), { headers: { 'Cache-Control': 'no-store' } });
});

// PUT /api/account/locale — remember the language the signed-in account chose (the language switcher)
import { NextResponse } from 'next/server';
import { ObjectId } from 'mongodb';
import { accountLocaleSchema } from '@/lib/schemas/locale';
import { setAccountLocale } from '@/server/accounts/account-locale';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';

export const PUT = route(async (request) => {
  const user = await requireUser();
  const { locale } = accountLocaleSchema.parse(await readJson(request, 1024));
  await setAccountLocale(new ObjectId(user.id), locale);
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});

// The smallest route handler doing what the app's API doors do around their own work: it reads a
// small JSON body and answers JSON that no cache keeps. The phone code bench measures it beside the
// app's endpoints, as Next's own floor on the same machine (scripts/bench/phone-codes.ts).
export async function POST(request: Request): Promise<Response> {
  const { phone } = (await request.json()) as { phone?: unknown };
  return Response.json({ phone, expiresInSeconds: 300, resendAfterSeconds: 60 }, { headers: { 'Cache-Control': 'no-store' } });
}

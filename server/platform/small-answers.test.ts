import { COMPRESSION_THRESHOLD_BYTES, uncompressedWhenSmall } from './small-answers';

// Small JSON answers are marked no-transform (Next's compression then sends them as they are);
// everything else keeps its headers and body.

it('marks a JSON answer under the threshold no-transform, keeping its status, headers and body', async () => {
  const answer = Response.json({ ok: true }, { status: 201, headers: { 'Cache-Control': 'private, no-store', 'X-Total-Count': '3' } });
  const sent = await uncompressedWhenSmall(answer);
  expect(sent.status).toBe(201);
  expect(sent.headers.get('cache-control')).toBe('private, no-store, no-transform');
  expect(sent.headers.get('x-total-count')).toBe('3');
  expect(await sent.json()).toEqual({ ok: true });
  expect((await uncompressedWhenSmall(Response.json([]))).headers.get('cache-control')).toBe('no-transform');
  const already = await uncompressedWhenSmall(Response.json(1, { headers: { 'Cache-Control': 'public, No-Transform' } }));
  expect(already.headers.get('cache-control')).toBe('public, No-Transform');
});

it('leaves larger JSON answers, other types and answers without a body to be compressed as before', async () => {
  const large = await uncompressedWhenSmall(Response.json({ text: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES) }, { headers: { 'Cache-Control': 'no-store' } }));
  expect(large.headers.get('cache-control')).toBe('no-store');
  expect(((await large.json()) as { text: string }).text).toHaveLength(COMPRESSION_THRESHOLD_BYTES);
  const page = new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } });
  expect(await uncompressedWhenSmall(page)).toBe(page);
  const notModified = new Response(null, { status: 304, headers: { 'content-type': 'application/json' } });
  expect(await uncompressedWhenSmall(notModified)).toBe(notModified);
});

it('judges an answer that states its length by it, without reading its body', async () => {
  const small = new Response('{"a":1}', { headers: { 'content-type': 'application/json', 'content-length': '7', 'cache-control': 'public, s-maxage=60' } });
  const sent = await uncompressedWhenSmall(small);
  expect(sent).toBe(small);
  expect(sent.bodyUsed).toBe(false);
  expect(sent.headers.get('cache-control')).toBe('public, s-maxage=60, no-transform');
  const large = new Response('{}', { headers: { 'content-type': 'application/json', 'content-length': String(COMPRESSION_THRESHOLD_BYTES) } });
  expect(await uncompressedWhenSmall(large)).toBe(large);
  expect(large.headers.get('cache-control')).toBeNull();
});

it('keeps every Set-Cookie of the answer', async () => {
  const headers = new Headers({ 'content-type': 'application/json' });
  headers.append('Set-Cookie', 'a=1; Path=/');
  headers.append('Set-Cookie', 'b=2; Path=/');
  const sent = await uncompressedWhenSmall(new Response('{}', { headers }));
  expect(sent.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
});

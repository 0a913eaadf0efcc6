import { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { corsPreflight, withCors } from './cors';

function request(method: string, origin?: string) {
  return new NextRequest('http://localhost:3000/api/books', { method, headers: origin ? { origin } : {} });
}

describe('CORS for the legacy API', () => {
  const saved = process.env.ALLOWED_ORIGINS;
  beforeAll(() => {
    process.env.ALLOWED_ORIGINS = 'https://old-client.example, https://admin.example/';
  });
  afterAll(() => {
    process.env.ALLOWED_ORIGINS = saved;
  });

  it('answers a preflight from an allowed origin, echoing that origin with credentials', () => {
    const response = corsPreflight(request('OPTIONS', 'https://old-client.example'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://old-client.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('refuses a preflight from any other origin and never answers *', () => {
    const response = corsPreflight(request('OPTIONS', 'https://evil.example'));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds headers to answers (with or without a body) only for allowed origins', () => {
    const answer = (origin?: string) => withCors(request('POST', origin), NextResponse.json({ ok: true }));
    expect(answer('https://admin.example').headers.get('access-control-allow-origin')).toBe('https://admin.example');
    expect(answer('https://evil.example').headers.get('access-control-allow-origin')).toBeNull();
    expect(answer().headers.get('access-control-allow-origin')).toBeNull();
  });
});

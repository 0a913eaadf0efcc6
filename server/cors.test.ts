import { NextRequest } from 'next/server';
import { handleApiCors } from './cors';

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
    const response = handleApiCors(request('OPTIONS', 'https://old-client.example'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://old-client.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('refuses a preflight from any other origin and never answers *', () => {
    const response = handleApiCors(request('OPTIONS', 'https://evil.example'));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds headers to simple requests only for allowed origins', () => {
    expect(handleApiCors(request('GET', 'https://admin.example')).headers.get('access-control-allow-origin')).toBe('https://admin.example');
    expect(handleApiCors(request('GET', 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect(handleApiCors(request('GET')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

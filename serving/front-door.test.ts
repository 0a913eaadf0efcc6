/** @jest-environment node */
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddressOf, malformedRequestRefusal, settleForwardedHeaders, trustedProxyHops } from './front-door.mjs';

function request(headers: IncomingHttpHeaders, remoteAddress = '203.0.113.9', encrypted = false) {
  return { headers: { ...headers }, socket: Object.assign(Object.create(null), { remoteAddress, encrypted }) };
}

describe('client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const req = request({ 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(settleForwardedHeaders(req as never, 0)).toBe(false);
    expect(req.headers).toEqual({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('gives every spoofed X-Forwarded-For the same address, so per-client limits hold', () => {
    const addresses = new Set(Array.from({ length: 50 }, (_, i) => clientAddressOf({ 'x-forwarded-for': `10.0.0.${i}, 10.1.0.${i}` }, '198.51.100.7', 0)));
    expect([...addresses]).toEqual(['198.51.100.7']);
  });

  it('with N trusted hops is the address the Nth proxy from the server saw', () => {
    // client -> load balancer (appends the client) -> this server
    expect(clientAddressOf({ 'x-forwarded-for': 'spoofed, 192.0.2.10' }, '10.0.0.2', 1)).toBe('192.0.2.10');
    // client -> CDN -> load balancer -> this server
    expect(clientAddressOf({ 'x-forwarded-for': 'spoofed, 192.0.2.10, 10.0.0.1' }, '10.0.0.2', 2)).toBe('192.0.2.10');
    // Fewer entries than hops: the farthest known address.
    expect(clientAddressOf({}, '10.0.0.2', 2)).toBe('10.0.0.2');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy (HSTS)', () => {
    expect(settleForwardedHeaders(request({ 'x-forwarded-proto': 'https' }) as never, 0)).toBe(false);
    expect(settleForwardedHeaders(request({ 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' }) as never, 1)).toBe(true);
    expect(settleForwardedHeaders(request({}, '192.0.2.1', true) as never, 0)).toBe(true);
  });

  it('refuses a TRUSTED_PROXY_HOPS that is not a small whole number', () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops(' 2 ')).toBe(2);
    for (const bad of ['-1', '1.5', 'yes', '11']) expect(() => trustedProxyHops(bad)).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});

describe('malformed requests', () => {
  it.each(['/book/%ff', '/api/course/%ff', '/api/user/%ff', '/media/%ff', '/searchCourse/%ff%fe', '/book/%E0%A4%A', '/%'])('%s is a 400', (url) => {
    expect(malformedRequestRefusal({ url, headers: {} })?.status).toBe(400);
  });

  it('lets well-formed escapes through, in the path and the query', () => {
    expect(malformedRequestRefusal({ url: '/searchCourse/%E0%A6%AC%E0%A6%BE?q=%ff', headers: {} })).toBeNull();
  });

  it("refuses a malformed header of Next's client protocol (400) and names it; well-formed ones pass", () => {
    const tree = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, 'refetch']));
    expect(malformedRequestRefusal({ url: '/login', headers: { rsc: '1', 'next-router-state-tree': 'garbage' } })).toEqual({ status: 400, message: 'Bad request: malformed next-router-state-tree header.' });
    expect(malformedRequestRefusal({ url: '/login', headers: { rsc: 'yes' } })).toEqual({ status: 400, message: 'Bad request: malformed rsc header.' });
    expect(malformedRequestRefusal({ url: '/login', headers: { rsc: '1', 'next-router-state-tree': tree, 'next-router-prefetch': '1', 'next-url': '/courses' } })).toBeNull();
  });

  it('refuses a server action posted from another site (403), not one from this site', () => {
    const action = { 'next-action': '40a0a565331ee591f3b62a0d76188017b4ec302806', host: 'kz.example' };
    expect(malformedRequestRefusal({ url: '/login', headers: { ...action, origin: 'https://evil.example' } })?.status).toBe(403);
    expect(malformedRequestRefusal({ url: '/login', headers: { ...action, origin: 'null' } })?.status).toBe(403);
    expect(malformedRequestRefusal({ url: '/login', headers: { ...action, origin: 'https://kz.example' } })).toBeNull();
    expect(malformedRequestRefusal({ url: '/login', headers: { origin: 'https://evil.example', host: 'kz.example' } })).toBeNull();
  });
});

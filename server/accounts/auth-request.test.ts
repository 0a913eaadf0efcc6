import { NextRequest } from 'next/server';
import { redirectOnSiteOrigin, withoutUnusableCallbackCookie } from './auth-request';

function withCookie(cookie: string) {
  return withoutUnusableCallbackCookie(new NextRequest('http://localhost:3000/api/auth/session', { headers: { cookie } }));
}

describe('requests to Auth.js', () => {
  it.each(['%ff', 'javascript:alert(1)', '%E0%A4%A', 'not a url'])('leave out a callback-url cookie of %s (Auth.js answered 500)', (value) => {
    const request = withCookie(`authjs.session-token=abc; authjs.callback-url=${value}; authjs.csrf-token=x%7Cy`);
    expect(request.cookies.get('authjs.callback-url')).toBeUndefined();
    expect(request.cookies.get('authjs.session-token')?.value).toBe('abc');
    expect(request.cookies.get('authjs.csrf-token')?.value).toBe('x|y');
  });

  it('keep a usable callback-url cookie and every other cookie as sent', () => {
    for (const value of ['%2FmyCollection', 'http%3A%2F%2Flocalhost%3A3000%2Fbooks', '/books']) {
      expect(withCookie(`__Secure-authjs.callback-url=${value}`).cookies.get('__Secure-authjs.callback-url')).toBeDefined();
    }
  });
});

describe("Auth.js's redirects", () => {
  const redirect = (location: string) => new Response(null, { status: 302, headers: { location, 'set-cookie': 'authjs.csrf-token=x; Path=/' } });
  const site = 'http://127.0.0.1:3000';
  // Next reports a request to 127.0.0.1:3000 as localhost:3000; Auth.js builds its pages' addresses on that.
  const seen = 'http://localhost:3000';

  it('move a redirect to one of our pages onto the site origin, keeping the path, query, fragment and cookies', () => {
    const moved = redirectOnSiteOrigin(redirect(`${seen}/login?error=Configuration#top`), seen, site);
    expect(moved.headers.get('location')).toBe(`${site}/login?error=Configuration#top`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('set-cookie')).toContain('authjs.csrf-token=x');
    expect(redirectOnSiteOrigin(redirect('/login'), seen, site).headers.get('location')).toBe(`${site}/login`);
  });

  it('leave redirects elsewhere (the identity provider), on the site already, or answers without one alone', () => {
    const google = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x';
    expect(redirectOnSiteOrigin(redirect(google), seen, site).headers.get('location')).toBe(google);
    expect(redirectOnSiteOrigin(redirect(`${site}/books`), seen, site).headers.get('location')).toBe(`${site}/books`);
    const same = redirect(`${site}/books`);
    expect(redirectOnSiteOrigin(same, site, site)).toBe(same);
    const json = Response.json({ url: `${seen}/` });
    expect(redirectOnSiteOrigin(json, seen, site)).toBe(json);
  });
});

import { NextRequest } from 'next/server';
import { withoutUnusableCallbackCookie } from './auth-request';

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

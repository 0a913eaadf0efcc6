import { NAME_CHARACTERS_MESSAGE, loginSchema, registerSchema, safeReturnPath, sameSitePath } from './auth';
import { englishText } from '@/server/platform/english-text';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), englishText(issue.message)]));
}

describe('register and login rules (docs/product.md §5)', () => {
  it('reports every required field with the spec wording', () => {
    const result = registerSchema.safeParse({ name: '', email: '', password: '' });
    expect(messages(result)).toEqual({ name: 'Name is requires', email: 'email is requires', password: 'password is requires' });
  });

  it('rejects an e-mail without the text@text.text shape', () => {
    expect(messages(loginSchema.safeParse({ email: 'ann@example', password: 'secret12' }))).toEqual({ email: 'Provide a valid email' });
  });

  it('needs six password characters', () => {
    expect(messages(loginSchema.safeParse({ email: 'ann@example.com', password: '12345' }))).toEqual({ password: 'Must be 6 characters or longer' });
    expect(loginSchema.safeParse({ email: 'ann@example.com', password: '123456' }).success).toBe(true);
  });

  it('normalizes the e-mail to lower case', () => {
    expect(loginSchema.parse({ email: ' Ann@Example.COM ', password: 'secret12' }).email).toBe('ann@example.com');
  });

  it('refuses operator objects, arrays and unknown fields', () => {
    expect(loginSchema.safeParse({ email: { $ne: null }, password: 'secret12' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: ['a@b.co'], password: 'secret12' }).success).toBe(false);
    expect(registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'secret12', role: 'admin' }).success).toBe(false);
  });

  it('bounds field lengths', () => {
    expect(registerSchema.safeParse({ name: 'x'.repeat(81), email: 'a@b.co', password: 'secret12' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: `${'a'.repeat(250)}@b.co`, password: 'secret12' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(129) }).success).toBe(false);
  });
});

describe('names (no links or messages in e-mails and reviews)', () => {
  const nameOf = (name: string) => registerSchema.safeParse({ name, email: 'a@b.co', password: 'secret12' });

  it.each(['Ann', 'Demo Student', "Ann O'Brien-Smith", 'J. R. R. Tolkien', 'Zoë Åsa', 'রহিম উদ্দিন', 'José María'])('accepts %s', (name) => {
    expect(nameOf(name).success).toBe(true);
  });

  it.each([
    'Hello user. URGENT: refund pending, visit http://evil.example/r now',
    'http://evil.example',
    'visit evil.example now',
    'www.evil.example',
    'WWW.Evil',
    'ann@example.com',
    'Ann\u0007',
    'Ann\nBob',
    'Ann\u202eboB',
    'Call 555 1234',
    '<script>alert(1)</script>',
    '...',
  ])('refuses %j with a clear message', (name) => {
    expect(messages(nameOf(name))).toEqual({ name: englishText(NAME_CHARACTERS_MESSAGE) });
  });

  it('keeps the spec messages for a missing or too long name', () => {
    expect(messages(nameOf('   '))).toEqual({ name: 'Name is requires' });
    expect(messages(nameOf('a'.repeat(81)))).toEqual({ name: 'Must be at most 80 characters' });
  });
});

describe('safeReturnPath', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/myOrder', '/myOrder'],
    ['/payment/abc?x=1', '/payment/abc?x=1'],
    ['/book/abc#reviews', '/book/abc#reviews'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/login?from=/myOrder', '/'],
    ['/register', '/'],
    ['javascript:alert(1)', '/'],
    ['data:text/html,hi', '/'],
    // What Next hands the page for /login?from=/%09/evil.example/steal and its cousins (decoded once).
    ['/\t/evil.example/steal', '/'],
    ['/\n/evil.example/steal', '/'],
    ['/\r\n/evil.example/steal', '/'],
    ['/\t\\evil.example', '/'],
    ['\t//evil.example', '/'],
    ['/\u0000/evil.example', '/'],
    ['/\u007f/evil.example', '/'],
    // The same, still encoded (a second decoding must not turn them into a redirect either).
    ['/%09/evil.example/steal', '/'],
    ['/%0A/evil.example/steal', '/'],
    ['/%0d%0a/evil.example/steal', '/'],
    ['/%09%5C', '/'],
    ['/%5C%5Cevil.example', '/'],
    // Paths that normalise into a protocol-relative address.
    ['/.//evil.example', '/'],
    ['/a/..//evil.example', '/'],
  ])('%j → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it('admits absolute addresses only on the site’s own origin', () => {
    const site = 'https://kz.example';
    expect(safeReturnPath('https://kz.example/myOrder?x=1', site)).toBe('/myOrder?x=1');
    expect(safeReturnPath('/myOrder', site)).toBe('/myOrder');
    expect(safeReturnPath('https://kz.example.evil.example/', site)).toBe('/');
    expect(safeReturnPath('http://kz.example/myOrder', site)).toBe('/');
    expect(safeReturnPath('https://kz.example@evil.example/', site)).toBe('/');
    expect(safeReturnPath('https://evil.example/', site)).toBe('/');
  });

  it('leads to the sign-in forms only where that is wanted (after signing out, not after signing in)', () => {
    expect(sameSitePath('/login', 'https://kz.example')).toBe('/login');
    expect(sameSitePath('https://kz.example/login?x=1', 'https://kz.example')).toBe('/login?x=1');
    expect(sameSitePath('/%09/evil.example/steal', 'https://kz.example')).toBe('/');
    expect(sameSitePath('https://evil.example/login', 'https://kz.example')).toBe('/');
    expect(safeReturnPath('/login?x=1')).toBe('/');
  });
});

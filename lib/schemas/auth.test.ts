import { loginSchema, registerSchema, safeReturnPath } from './auth';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('register and login rules (spec §5)', () => {
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

describe('safeReturnPath', () => {
  it.each([
    [undefined, '/'],
    ['/myOrder', '/myOrder'],
    ['/payment/abc?x=1', '/payment/abc?x=1'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

// A local OpenID provider standing in for Google in the browser tests (oidc-provider package).
// Its development login form takes any login; "name@host" logs in as that e-mail, anything else
// as <login>@gmail.test. The consent screen is the package's own.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3200);
const appUrl = process.env.APP_URL ?? 'http://localhost:3100';
const issuer = `http://127.0.0.1:${port}`;

function emailFor(login) {
  return login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@gmail.test`;
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'kz-e2e-client',
      client_secret: 'kz-e2e-client-secret',
      redirect_uris: [`${appUrl}/api/auth/callback/google`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  cookies: { keys: ['kz-e2e-oidc-cookie-key'] },
  pkce: { required: () => false },
  // Real Google puts email and profile claims in the ID token, which Auth.js reads.
  conformIdTokenClaims: false,
  async findAccount(_context, id) {
    const email = emailFor(id);
    return {
      accountId: id,
      async claims() {
        return { sub: `google-${email}`, email, email_verified: true, name: email.split('@')[0] };
      },
    };
  },
});
provider.proxy = false;

provider.listen(port, '127.0.0.1', () => {
  console.log(`test OpenID provider on ${issuer}`);
});

// Settings every test process sees; MONGODB_URI comes from the global setup's FerretDB.
process.env.AUTH_SECRET ??= 'jest-only-secret-not-used-anywhere-else';
process.env.LOGIN_MAX_FAILURES ??= '5';
process.env.LOGIN_MAX_FAILURES_PER_IP ??= '20';
// SMS go to the outbox in every test, whatever the .env files next/jest loads say: a test must
// never text a real phone. Tests of the gateway point their own provider at a local stand-in.
process.env.SMS_PROVIDER = 'outbox';

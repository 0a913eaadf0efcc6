// Settings every test process sees; MONGODB_URI comes from the global setup's FerretDB.
process.env.AUTH_SECRET ??= 'jest-only-secret-not-used-anywhere-else';
process.env.LOGIN_MAX_FAILURES ??= '5';
process.env.LOGIN_MAX_FAILURES_PER_IP ??= '20';

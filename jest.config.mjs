import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit tests beside the code, integration tests against a real FerretDB started per run. */
export default createJestConfig({
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{lib,server,scripts,components}/**/*.test.ts'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/server-only.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  globalSetup: '<rootDir>/tests/support/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/support/global-teardown.mjs',
  setupFiles: ['<rootDir>/tests/support/env.js'],
  testTimeout: 20000,
});

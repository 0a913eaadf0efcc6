import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit tests beside the code, integration tests against a real FerretDB started per run. */
const config = createJestConfig({
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{lib,server,serving,scripts,components,i18n,offline}/**/*.test.ts'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/server-only.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  globalSetup: '<rootDir>/tests/support/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/support/global-teardown.mjs',
  setupFiles: ['<rootDir>/tests/support/env.js'],
  testTimeout: 20000,
});

// jose, Auth.js, next-intl and pdf.js ship only ES modules; let next/jest's SWC transform compile them like our own code.
export default async function jestConfig() {
  const resolved = await config();
  return { ...resolved, transformIgnorePatterns: ['/node_modules/(?!(jose|pdfjs-dist|next-auth|@auth/core|@panva/hkdf|next-intl|use-intl|intl-messageformat|@formatjs|@schummar/icu-type-parser|icu-minify)/)', '^.+\\.module\\.(css|sass|scss)$'] };
}

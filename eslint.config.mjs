import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Next's recommended rules (React, hooks, accessibility, Core Web Vitals) and the TypeScript rules.
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // A disable comment that no longer silences anything is an error, so each one keeps a reason to exist.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks an intentional discard, e.g. `const { _id, ...rest } = doc`.
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // React Compiler advice (it skips auto-memoizing components that call react-hook-form's watch()); this project does not use the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  globalIgnores(['.next*/**', 'node_modules/**', 'playwright-report/**', 'test-results/**', '.data/**', 'bench/**', 'next-env.d.ts']),
]);

import { defineConfig } from 'vitest/config';

// The deployment test: real nodes behind real nginx on PostgreSQL. Not part of the root
// `vitest run` (it needs nginx and TEST_DATABASE_URL); scripts/test.sh runs it when both exist.
export default defineConfig({
  test: {
    name: '@jono/deploy',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@jono/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every test app on PostgreSQL has schemas of its own, so files run side by side there too.
  },
});

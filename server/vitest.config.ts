import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@jono/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The PostgreSQL run shares one server: files run one at a time there.
    fileParallelism: !process.env.DATABASE_URL,
  },
});

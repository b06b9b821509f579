// Unit tests of the API client (node: fetch is replaced in each test).
import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@jono/api-client', include: ['src/**/*.test.ts'], restoreMocks: true },
});

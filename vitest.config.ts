import { defineConfig } from 'vitest/config';

// One vitest run over every workspace that has unit, API or component tests.
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'apps/*'],
  },
});

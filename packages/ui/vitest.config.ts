// Component tests of the shared primitives (jsdom).
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: '@jono/ui',
    environment: 'jsdom',
    setupFiles: ['@jono/test-kit/dom-setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});

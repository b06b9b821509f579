// Component and unit tests of the staff console (jsdom).
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: '@jono/staff',
    environment: 'jsdom',
    setupFiles: ['@jono/test-kit/dom-setup', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The machine is shared and slow; user-event journeys through a form need time.
    testTimeout: 20_000,
  },
});

// Component and unit tests of the customer app (jsdom).
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: '@jono/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The machine is shared and slow; user-event journeys through several dialogs need time.
    testTimeout: 20_000,
  },
});

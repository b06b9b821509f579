// Component and unit tests of the customer app (jsdom).
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localesPlugin } from './locales.plugin';

export default defineProject({
  plugins: [react(), localesPlugin()],
  test: {
    name: '@jono/web',
    environment: 'jsdom',
    setupFiles: ['@jono/test-kit/dom-setup', './src/test/setup.ts'],
    // Where src/test/setup.ts reads the translation files the app would fetch.
    env: { WEB_ROOT: import.meta.dirname },
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The machine is shared and slow; user-event journeys through several dialogs need time.
    testTimeout: 20_000,
  },
});

// Component test setup (after @jono/test-kit/dom-setup): English translations and the scrolling
// jsdom lacks.
/// <reference types="@testing-library/jest-dom/vitest" />
import { beforeAll, vi } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { i18next, initI18n, setTranslationLoader } from '../lib/i18n';

// The app fetches its translation files from the server; here they are read from the source tree.
const appRoot = process.env.WEB_ROOT ?? '';
setTranslationLoader(
  async (url) => JSON.parse(await readFile(join(appRoot, url), 'utf8')) as Record<string, unknown>,
);

beforeAll(async () => {
  await initI18n('en');
  // The app loads these with their screens; component tests render the screens directly.
  await i18next.loadNamespaces(['order', 'tracking', 'auth', 'barbers']);
});

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

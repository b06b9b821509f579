// Component test setup: jest-dom matchers, English translations, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
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
  await i18next.loadNamespaces(['order', 'tracking', 'auth']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// jsdom has <dialog> without showModal/close behaviour.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
}
if (!HTMLDialogElement.prototype.close) {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// Component test setup (after @jono/test-kit/dom-setup): English translations.
/// <reference types="@testing-library/jest-dom/vitest" />
import { beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n';

beforeAll(async () => {
  await initI18n('en');
});

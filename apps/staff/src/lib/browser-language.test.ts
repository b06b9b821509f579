import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage } from './i18n';

afterEach(() => vi.unstubAllGlobals());

describe('the console language before staff choose one', () => {
  it('follows the browser when the console speaks its language, else Finnish', () => {
    vi.stubGlobal('navigator', { languages: ['sv-SE', 'en'], language: 'sv-SE' });
    expect(browserLanguage()).toBe('sv');
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' });
    expect(browserLanguage()).toBe('en');
    vi.stubGlobal('navigator', { languages: ['ja-JP'], language: 'ja-JP' });
    expect(browserLanguage()).toBe('fi');
  });
});

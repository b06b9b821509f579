import { describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { applyLanguage, languageFromQuery, marketFromQuery } from './language';
import { installPlatform } from '../pwa/standalone';

describe('languages (section 9)', () => {
  it('accepts the lang parameter only from the allowed list', () => {
    expect(languageFromQuery('?lang=sv')).toBe('sv');
    expect(languageFromQuery('?lang=ee')).toBe('ee');
    expect(languageFromQuery('?lang=xx')).toBeNull();
    expect(languageFromQuery('?lang=../en')).toBeNull();
    expect(languageFromQuery('')).toBeNull();
  });

  it('accepts the market parameter of a shop QR code only for a served market', () => {
    expect(marketFromQuery('?market=se')).toBe('se');
    expect(marketFromQuery('?market=us')).toBeNull();
    expect(marketFromQuery('?market=')).toBeNull();
    expect(marketFromQuery('')).toBeNull();
  });

  it('sets the locale EE when Estonian is chosen', async () => {
    useLocaleStore.setState({ locale: 'FI', language: 'fi' });
    await applyLanguage('ee');
    expect(useLocaleStore.getState()).toMatchObject({ language: 'ee', locale: 'EE' });
    await applyLanguage('en');
    expect(useLocaleStore.getState()).toMatchObject({ language: 'en', locale: 'EE' });
  });
});

describe('install steps', () => {
  it('picks iOS, Android or both by device', () => {
    expect(installPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(installPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15)', 5)).toBe('ios');
    expect(installPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(installPlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('both');
  });
});

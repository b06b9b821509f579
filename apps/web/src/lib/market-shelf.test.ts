import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveOrderStore } from './active-order-store';
import { useFavouritesStore } from './favourites-store';
import { detectLocale, useLocaleStore } from './locale-store';
import { changeMarket } from './market-shelf';
import { useNotificationStore } from './notification-store';
import { useSessionStore } from './session-store';

const session = { customerId: 7, accessToken: 'a', refreshToken: 'r' };

beforeEach(() => {
  window.localStorage.clear();
  useLocaleStore.setState({ locale: 'FI', language: 'fi', previousLocale: null });
  useSessionStore.setState({ session, rememberLogin: true });
  useActiveOrderStore.setState({ order: { orderId: 5, shopId: 1, checkedIn: false } });
  useFavouritesStore.setState({ ids: [1, 3] });
  useNotificationStore.getState().hide();
});

const chooseLanguage = (language: 'fi' | 'ee' | 'en') =>
  changeMarket(() => useLocaleStore.getState().setLanguage(language));

describe('choosing Estonian and back', () => {
  it('moves to Estonia without losing the Finnish account, and Suomi brings all of it back', async () => {
    chooseLanguage('ee');
    expect(useLocaleStore.getState()).toMatchObject({ locale: 'EE', language: 'ee' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(useFavouritesStore.getState().ids).toEqual([]);
    await vi.waitFor(() =>
      expect(useNotificationStore.getState().current?.title).toBe(
        'Sinu konto riigis Soome jääb alles: vali Soome, et selle juurde naasta.',
      ),
    );

    chooseLanguage('fi');
    expect(useLocaleStore.getState()).toMatchObject({ locale: 'FI', language: 'fi' });
    expect(useSessionStore.getState().session).toEqual(session);
    expect(useActiveOrderStore.getState().order?.orderId).toBe(5);
    expect(useFavouritesStore.getState().ids).toEqual([1, 3]);
  });

  it('keeps Estonia for English but remembers the way back', () => {
    chooseLanguage('ee');
    chooseLanguage('en');
    expect(useLocaleStore.getState()).toMatchObject({
      locale: 'EE',
      language: 'en',
      previousLocale: 'FI',
    });
    changeMarket(() => useLocaleStore.getState().setLocale('FI'));
    expect(useLocaleStore.getState()).toMatchObject({ locale: 'FI', language: 'en' });
    expect(useSessionStore.getState().session).toEqual(session);
  });

  it('changes nothing when the market stays', () => {
    chooseLanguage('en');
    expect(useSessionStore.getState().session).toEqual(session);
    expect(useNotificationStore.getState().current).toBeNull();
  });
});

describe('the first visit', () => {
  it('takes the market and language from the browser', () => {
    expect(detectLocale(['nb-NO', 'en'])).toEqual({ locale: 'NO', language: 'no' });
    expect(detectLocale(['en-SE'])).toEqual({ locale: 'SE', language: 'en' });
    expect(detectLocale(['et'])).toEqual({ locale: 'EE', language: 'ee' });
    expect(detectLocale(['ja'])).toEqual({ locale: 'FI', language: 'fi' });
  });
});

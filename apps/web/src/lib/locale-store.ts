// The client locale (market) and interface language, persisted; the locale picks the backend.
import { create } from 'zustand';
import { persisted } from './persisted';
import {
  COUNTRY_TO_LANGUAGE,
  DEFAULT_LANGUAGE,
  DEFAULT_LOCALE,
  marketOfLocale,
  type Language,
  type Locale,
  type Market,
} from '@jono/contract';
import { STORAGE_KEYS } from './storage';

interface LocaleState {
  locale: Locale;
  language: Language;
  setLocale: (locale: Locale) => void;
  setLanguage: (language: Language) => void;
}

export const useLocaleStore = create<LocaleState>()(
  persisted(
    (set) => ({
      locale: DEFAULT_LOCALE,
      language: DEFAULT_LANGUAGE,
      setLocale: (locale) => set({ locale, language: COUNTRY_TO_LANGUAGE[locale] ?? 'en' }),
      // Choosing ee also sets the locale EE (section 9).
      setLanguage: (language) => set(language === 'ee' ? { language, locale: 'EE' } : { language }),
    }),
    { name: STORAGE_KEYS.locale },
  ),
);

export const useLocale = () => useLocaleStore((s) => s.locale);
export const currentMarket = (): Market => marketOfLocale(useLocaleStore.getState().locale);

// The client locale (market) and interface language: two separate choices, persisted; the locale
// picks the backend. A first visit takes both from the browser's preferred languages.
import { create } from 'zustand';
import { persisted } from './persisted';
import {
  COUNTRY_TO_LANGUAGE,
  DEFAULT_LANGUAGE,
  DEFAULT_LOCALE,
  languageOfBrowserLanguages,
  MARKET_INFO,
  marketOfBrowserLanguages,
  marketOfLocale,
  type Language,
  type Locale,
  type Market,
} from '@jono/contract';
import { STORAGE_KEYS } from './storage';

interface LocaleState {
  locale: Locale;
  language: Language;
  /** The market before choosing Estonian moved the customer to EE, offered as the way back. */
  previousLocale: Locale | null;
  /** Chooses the market only; the language stays. */
  setLocale: (locale: Locale) => void;
  setLanguage: (language: Language) => void;
}

const localeOfMarket = (market: Market): Locale => MARKET_INFO[market].country as Locale;

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length ? navigator.languages : [navigator.language];
}

/** The first visit's market and language: from the browser, else the market's language. */
export function detectLocale(tags: readonly string[]): { locale: Locale; language: Language } {
  const market = marketOfBrowserLanguages(tags);
  const locale = market ? localeOfMarket(market) : DEFAULT_LOCALE;
  const language =
    languageOfBrowserLanguages(tags) ?? COUNTRY_TO_LANGUAGE[locale] ?? DEFAULT_LANGUAGE;
  return { locale, language };
}

export const useLocaleStore = create<LocaleState>()(
  persisted(
    (set) => ({
      ...detectLocale(browserLanguages()),
      previousLocale: null,
      setLocale: (locale) => set({ locale, previousLocale: null }),
      setLanguage: (language) =>
        set((s) => {
          // Choosing ee also sets the locale EE (section 9); the market left is remembered.
          if (language === 'ee') {
            return s.locale === 'EE'
              ? { language }
              : { language, locale: 'EE', previousLocale: s.locale };
          }
          // The language of the market left returns there: Eesti is never a one-way door.
          if (
            s.locale === 'EE' &&
            s.previousLocale &&
            COUNTRY_TO_LANGUAGE[s.previousLocale] === language
          ) {
            return { language, locale: s.previousLocale, previousLocale: null };
          }
          return { language };
        }),
    }),
    {
      name: STORAGE_KEYS.locale,
      partialize: ({ locale, language, previousLocale }) => ({ locale, language, previousLocale }),
    },
  ),
);

export const useLocale = () => useLocaleStore((s) => s.locale);
export const useMarket = () => useLocaleStore((s) => marketOfLocale(s.locale));
export const currentMarket = (): Market => marketOfLocale(useLocaleStore.getState().locale);
export { localeOfMarket };

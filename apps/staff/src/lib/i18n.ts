// i18next with one JSON file per language (src/locales/{lng}.json), loaded on demand; English is
// the fallback for a key that is missing at run time (a test keeps every language complete).
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOfBrowserLanguages,
  languageTag,
  type Language,
} from '@jono/contract';
import { z } from 'zod';
import { createStore, useStore } from './create-store';
import { readStored, writeStored } from './storage';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`../locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Each language's name in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fi: 'Suomi',
  en: 'English',
  sv: 'Svenska',
  no: 'Norsk',
  dk: 'Dansk',
  ee: 'Eesti',
  de: 'Deutsch',
};

const KEY = 'jono-staff-language';

/** The browser's language when the console speaks it (until staff choose one), else Finnish. */
export function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return languageOfBrowserLanguages(tags) ?? DEFAULT_LANGUAGE;
}

export const languageStore = createStore<Language>(
  readStored(KEY, z.enum(LANGUAGES)) ?? browserLanguage(),
  (value) => writeStored(KEY, value),
);

export function useLanguage(): Language {
  return useStore(languageStore);
}

export async function setLanguage(language: Language): Promise<void> {
  languageStore.set(language);
  document.documentElement.lang = languageTag(language);
  await i18next.changeLanguage(language);
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  document.documentElement.lang = languageTag(language);
  if (i18next.isInitialized) {
    if (i18next.language !== language) await i18next.changeLanguage(language);
    return i18next;
  }
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return i18next;
}

/** Intl locale for numbers, dates and plural rules of a language. */
export function intlLocale(language: string): string {
  return languageTag(
    (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en',
  );
}

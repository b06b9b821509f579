// i18next with one JSON file per language and namespace (src/locales/{lng}/{ns}.json), loaded on
// demand; adding a language is adding a folder. Every bundled language has every key (the
// locales test), so English is loaded as a fallback only for a language without a folder: loading
// it beside Finnish would double the translations every screen downloads.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTL_LOCALE, type Language, type Locale } from '@jono/contract';

/** The namespaces /home needs; every other screen loads its own with its code (lazyScreen). */
export const NAMESPACES = ['common', 'shops'] as const;

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
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

/** Languages with translations bundled (a folder under src/locales). */
export const BUNDLED_LANGUAGES = [
  ...new Set(Object.keys(loaders).map((key) => key.split('/')[2] ?? '')),
].filter(Boolean);

export async function initI18n(language: Language): Promise<typeof i18next> {
  if (i18next.isInitialized) {
    if (i18next.language !== language) await i18next.changeLanguage(language);
    return i18next;
  }
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: (code) => (BUNDLED_LANGUAGES.includes(code) ? [] : ['en']),
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return i18next;
}

export function setDocumentLanguage(language: Language, locale: Locale): void {
  document.documentElement.lang = language === 'ee' ? 'et' : language === 'dk' ? 'da' : language;
  document.documentElement.dataset.locale = INTL_LOCALE[locale];
}

export { i18next };

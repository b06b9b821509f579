// i18next with one JSON file per language and namespace (src/locales/{lng}/{ns}.json), fetched on
// demand as data, the way i18next's HTTP backend does: translations are not JavaScript, so they
// cost /home no script parsing. A build serves them from one content-hashed folder
// (locales.plugin.ts). Adding a language is adding a folder. Every bundled language has every key
// (the locales test), so English is loaded as a fallback only for a language without a folder:
// loading it beside Finnish would double the translations every screen downloads.
import i18next, { type BackendModule } from 'i18next';
import { INTL_LOCALE, type Language, type Locale } from '@jono/contract';

/**
 * The namespaces /home needs, and the app-wide offline and update notices ('pwa': a device that
 * goes offline before a later load could not fetch them); every other screen loads its own with
 * its code (lazyScreen).
 */
export const NAMESPACES = ['common', 'shops', 'pwa'] as const;

/** The shop page's own namespaces (main.tsx asks for them with the first ones on a shop's path). */
export const SHOP_PAGE_NAMESPACES = ['order', 'auth', 'barbers'];
/** The welcome slides' namespaces (main.tsx asks for them with the first ones on a first visit). */
export const WELCOME_NAMESPACES = ['welcome'];
/**
 * The tracking screen's: alerts (the alert choice and the shop's word to everyone waiting) and
 * barbers (the chosen barber, changing it, a barber who went off duty) have their own components.
 */
export const TRACKING_NAMESPACES = ['tracking', 'alerts', 'barbers'];

type Translations = Record<string, unknown>;
type TranslationLoader = (url: string) => Promise<Translations>;

let loadTranslations: TranslationLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as Translations;
};

/** Component tests read the files from disk instead (jsdom has no server to fetch them from). */
export function setTranslationLoader(loader: TranslationLoader): void {
  loadTranslations = loader;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!BUNDLED_LANGUAGES.includes(language)) {
      callback(null, {});
      return;
    }
    const url = `${__LOCALES_BASE__}${language}/${namespace}.json`;
    loadTranslations(url).then(
      (translations) => callback(null, translations),
      // `true` asks i18next to retry (5 times, 350 ms apart, then twice as long): a flaky mobile
      // connection costs a moment, not a screen of raw keys.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** Languages with translations bundled (a folder under src/locales; locales.plugin.ts). */
export const BUNDLED_LANGUAGES: readonly string[] = __LOCALE_LANGUAGES__;

/** Starts i18next in `language` with the first screen's namespaces and `extra` ones beside them. */
export async function initI18n(
  language: Language,
  extra: readonly string[] = [],
): Promise<typeof i18next> {
  if (i18next.isInitialized) {
    if (i18next.language !== language) await i18next.changeLanguage(language);
    return i18next;
  }
  await i18next.use(backend).init({
    lng: language,
    fallbackLng: (code) => (BUNDLED_LANGUAGES.includes(code) ? [] : ['en']),
    ns: [...NAMESPACES, ...extra],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

export function setDocumentLanguage(language: Language, locale: Locale): void {
  document.documentElement.lang = language === 'ee' ? 'et' : language === 'dk' ? 'da' : language;
  document.documentElement.dataset.locale = INTL_LOCALE[locale];
}

export { i18next };

// The interface language: the menu languages, the ?lang= parameter and keeping i18next and the
// document in step with the locale store.
import { LANGUAGES, MARKETS, MENU_LANGUAGES, type Language, type Market } from '@jono/contract';
import { i18next } from '../../lib/i18n';
import { localeOfMarket, useLocaleStore } from '../../lib/locale-store';

/** Each language's name in itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fi: 'Suomi',
  ee: 'Eesti',
  en: 'English',
  no: 'Norsk',
  sv: 'Svenska',
  dk: 'Dansk',
  de: 'Deutsch',
};

export { MENU_LANGUAGES };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The ?lang= value when it is one of the allowed languages, else null. */
export function languageFromQuery(search: string): Language | null {
  const value = new URLSearchParams(search).get('lang');
  return isLanguage(value) ? value : null;
}

/** The ?market= value (a shop's QR code) when it is a market, else null. */
export function marketFromQuery(search: string): Market | null {
  const value = new URLSearchParams(search).get('market');
  return (MARKETS as readonly string[]).includes(value ?? '') ? (value as Market) : null;
}

/**
 * Chooses a language: the store (ee also sets locale EE, and the language of the market left
 * returns there) and i18next follow; a change of market keeps the accounts (market-shelf.ts,
 * loaded only here, off the first screen).
 */
export async function applyLanguage(language: Language): Promise<void> {
  const { changeMarket } = await import('../../lib/market-shelf');
  changeMarket(() => useLocaleStore.getState().setLanguage(language));
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/**
 * Moves the app to a market (a shop's QR code, a device's code) like every change of market: the
 * accounts of the market left are kept and come back on return (market-shelf.ts), never a session
 * of one market sent to another's backend (which refused it and logged the customer out).
 */
export async function applyMarket(market: Market): Promise<void> {
  const { changeMarket } = await import('../../lib/market-shelf');
  changeMarket(() => useLocaleStore.getState().setLocale(localeOfMarket(market)));
}

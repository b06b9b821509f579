// Markets, their backends, currencies, dial codes, time zones, locales and languages (sections 1, 9).

export const MARKETS = ['fi', 'ee', 'no', 'dk', 'se'] as const;
export type Market = (typeof MARKETS)[number];
export const DEFAULT_MARKET: Market = 'fi';

export interface MarketInfo {
  market: Market;
  country: string;
  currency: 'EUR' | 'NOK' | 'DKK' | 'SEK';
  dialCode: string;
  timeZone: string;
  intlLocale: string;
  language: Language;
  /** VAT rate in percent for barber services. */
  vatPercent: number;
  /** Default map centre. */
  centre: { lat: number; lng: number };
}

export const MARKET_INFO: Record<Market, MarketInfo> = {
  fi: {
    market: 'fi',
    country: 'FI',
    currency: 'EUR',
    dialCode: '+358',
    timeZone: 'Europe/Helsinki',
    intlLocale: 'fi-FI',
    language: 'fi',
    vatPercent: 25.5,
    centre: { lat: 60.1699, lng: 24.9384 },
  },
  ee: {
    market: 'ee',
    country: 'EE',
    currency: 'EUR',
    dialCode: '+372',
    timeZone: 'Europe/Tallinn',
    intlLocale: 'et-EE',
    language: 'ee',
    vatPercent: 24,
    centre: { lat: 59.437, lng: 24.7536 },
  },
  no: {
    market: 'no',
    country: 'NO',
    currency: 'NOK',
    dialCode: '+47',
    timeZone: 'Europe/Oslo',
    intlLocale: 'nb-NO',
    language: 'no',
    vatPercent: 25,
    centre: { lat: 59.9139, lng: 10.7522 },
  },
  dk: {
    market: 'dk',
    country: 'DK',
    currency: 'DKK',
    dialCode: '+45',
    timeZone: 'Europe/Copenhagen',
    intlLocale: 'da-DK',
    language: 'dk',
    vatPercent: 25,
    centre: { lat: 55.6761, lng: 12.5683 },
  },
  se: {
    market: 'se',
    country: 'SE',
    currency: 'SEK',
    dialCode: '+46',
    timeZone: 'Europe/Stockholm',
    intlLocale: 'sv-SE',
    language: 'sv',
    vatPercent: 25,
    centre: { lat: 59.3293, lng: 18.0686 },
  },
};

export const LANGUAGES = ['fi', 'ee', 'en', 'no', 'sv', 'dk', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fi';
/** Languages offered in the language menu; choosing ee also sets the locale (market) EE. */
export const MENU_LANGUAGES: readonly Language[] = ['fi', 'en', 'ee'];

/** Locales (markets as the client knows them), including the US and DE markets that have no backend. */
export const LOCALES = ['FI', 'EE', 'NO', 'DK', 'SE', 'US', 'DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'FI';

export const COUNTRY_TO_LANGUAGE: Record<string, Language> = {
  FI: 'fi',
  US: 'en',
  NO: 'no',
  SE: 'sv',
  DK: 'dk',
  EE: 'ee',
  DE: 'de',
};

/** Intl locale used for dates and numbers per client locale (section 9). */
export const INTL_LOCALE: Record<Locale, string> = {
  FI: 'fi-FI',
  EE: 'et-EE',
  NO: 'nb-NO',
  DK: 'da-DK',
  SE: 'sv-SE',
  US: 'en-US',
  DE: 'de-DE',
};

export const CURRENCY: Record<Locale, string> = {
  FI: 'EUR',
  EE: 'EUR',
  NO: 'NOK',
  DK: 'DKK',
  SE: 'SEK',
  US: 'USD',
  DE: 'EUR',
};

/** Which backend a client locale talks to; the US and DE have none and use the default (FI). */
export function marketOfLocale(locale: Locale): Market {
  const m = locale.toLowerCase();
  return (MARKETS as readonly string[]).includes(m) ? (m as Market) : DEFAULT_MARKET;
}

export interface Country {
  name: string;
  code: string;
  dial_code: string;
}

export const COUNTRIES: readonly Country[] = [
  { name: 'Suomi', code: 'FI', dial_code: '+358' },
  { name: 'Eesti', code: 'EE', dial_code: '+372' },
  { name: 'Norge', code: 'NO', dial_code: '+47' },
  { name: 'Danmark', code: 'DK', dial_code: '+45' },
  { name: 'Sverige', code: 'SE', dial_code: '+46' },
  { name: 'Deutschland', code: 'DE', dial_code: '+49' },
  { name: 'United States', code: 'US', dial_code: '+1' },
];
export const DEFAULT_DIAL_CODE = '+358';

/** The market whose dial code a phone number in E.164 starts with, or null for another country. */
export function marketOfPhone(e164: string): Market | null {
  const number = e164.replace(/[\s\-().]/g, '');
  for (const info of Object.values(MARKET_INFO)) {
    if (number.startsWith(info.dialCode)) return info.market;
  }
  return null;
}

/** The market a country code (FI, NO, ...) names, or null for a country without one. */
export function marketOfCountry(country: string): Market | null {
  const m = country.toLowerCase();
  return (MARKETS as readonly string[]).includes(m) ? (m as Market) : null;
}

const MARKET_OF_LANGUAGE_TAG: Record<string, Market> = {
  fi: 'fi',
  et: 'ee',
  nb: 'no',
  nn: 'no',
  no: 'no',
  da: 'dk',
  sv: 'se',
};

const LANGUAGE_OF_TAG: Record<string, Language> = {
  fi: 'fi',
  et: 'ee',
  en: 'en',
  nb: 'no',
  nn: 'no',
  no: 'no',
  sv: 'sv',
  da: 'dk',
  de: 'de',
};

/**
 * The market a browser's preferred languages point to: the first tag whose region is one of the
 * markets (en-SE is Sweden, sv-FI Finland), else the first whose language is a market's
 * (nb, nn, no: Norway; da: Denmark; sv: Sweden; et: Estonia; fi: Finland); null when none does.
 */
export function marketOfBrowserLanguages(tags: readonly string[]): Market | null {
  for (const tag of tags) {
    const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
    const region = rest.find((part) => /^[a-z]{2}$/.test(part));
    const byRegion = region ? marketOfCountry(region) : null;
    if (byRegion) return byRegion;
    const byLanguage = MARKET_OF_LANGUAGE_TAG[language];
    if (byLanguage) return byLanguage;
  }
  return null;
}

/** The first of a browser's preferred languages that the app speaks, or null. */
export function languageOfBrowserLanguages(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = LANGUAGE_OF_TAG[tag.toLowerCase().split(/[-_]/)[0] ?? ''];
    if (language) return language;
  }
  return null;
}

/** The BCP 47 tag of an interface language (ee is Estonian: et; dk Danish: da; no: nb). */
export function languageTag(language: Language): string {
  return language === 'ee' ? 'et' : language === 'dk' ? 'da' : language === 'no' ? 'nb' : language;
}

/**
 * The content language an API request asks for: the first language of its Accept-Language header
 * (the customer app sends its interface language) that Jono has, or null.
 */
export function contentLanguageOf(acceptLanguage: string | undefined): Language | null {
  if (!acceptLanguage) return null;
  const tags = acceptLanguage
    .split(',')
    .slice(0, 10)
    .map((part) => part.split(';')[0]?.trim() ?? '');
  return languageOfBrowserLanguages(tags);
}

/** Content some operator text carries in other languages than the market's own (the row's). */
export type ContentTranslations<Field extends string> = Partial<
  Record<Language, Partial<Record<Field, string>>>
>;

/**
 * A field in the wanted language when the operator gave one; else the market's own text (the
 * row's); else, where the market's own is empty, the English one.
 */
export function localised<Field extends string>(
  base: string,
  translations: ContentTranslations<Field> | null | undefined,
  language: Language | null,
  field: Field,
): string {
  return (
    (language && translations?.[language]?.[field]) || base || translations?.en?.[field] || base
  );
}

/**
 * A card's texts (a service's title and descriptions, a group's title and details) all in one
 * language, never a mix: the wanted language when the operator wrote every text the card has in
 * it; else all of them in the market's own (the row's).
 */
export function localisedTexts<Field extends string>(
  base: Record<Field, string>,
  translations: ContentTranslations<Field> | null | undefined,
  language: Language | null,
): Record<Field, string> {
  const wanted = language ? translations?.[language] : undefined;
  if (!wanted) return base;
  const fields = Object.keys(base) as Field[];
  const complete = fields.every((field) => base[field].trim() === '' || wanted[field]?.trim());
  if (!complete) return base;
  return Object.fromEntries(
    fields.map((field) => [field, wanted[field]?.trim() ? wanted[field] : base[field]]),
  ) as Record<Field, string>;
}

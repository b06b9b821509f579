// The shapes of the demo data (a leaf: every seed-data file imports its types from here).
export interface DemoShop {
  name: string;
  city: string;
  address: string;
  lat: number;
  lng: number;
  chairs: number;
  image: boolean;
  hours: 'standard' | 'mall' | 'allDay';
  queueState?: 'closed' | 'full';
  /** The notice in the market's language, and in English. */
  notice?: { own: string; en: string };
}

/** The languages of the demo texts: each market's own and English (section 9). */
export type SeedLanguage = 'fi' | 'ee' | 'en' | 'no' | 'sv' | 'dk';
export type SeedText = Record<SeedLanguage, string>;

export interface ServiceSeed {
  title: SeedText;
  details: SeedText;
  long: SeedText;
  euros: number;
  minutes: number;
  extras?: { title: SeedText; euros: number; minutes: number }[];
}

export interface GroupSeed {
  title: SeedText;
  details: SeedText;
  services: ServiceSeed[];
}

// Demo barbers (issue 30): Nordic first names per market, the languages they speak, a line of
// specialities (the market's language and English), and a few with a photo (server/public/media).
import type { Market } from '@jono/contract';
import type { SeedText } from './types';

export interface DemoBarber {
  firstName: string;
  languages: string[];
  specialities: SeedText;
  /** Index of an avatar under /media/barbers/ (1-4), or none. */
  photo?: number;
}

const NONE: SeedText = { fi: '', ee: '', no: '', sv: '', dk: '', en: '' };
const SPECIALITIES: SeedText[] = [
  {
    fi: 'Häivytykset ja parrat',
    ee: 'Üleminekud ja habemed',
    no: 'Fades og skjegg',
    sv: 'Fades och skägg',
    dk: 'Fades og skæg',
    en: 'Skin fades and beards',
  },
  {
    fi: 'Saksileikkaukset, pitkät hiukset',
    ee: 'Kääriõigused, pikad juuksed',
    no: 'Saksklipp, langt hår',
    sv: 'Saxklippning, långt hår',
    dk: 'Saksklip, langt hår',
    en: 'Scissor cuts, long hair',
  },
  {
    fi: 'Lasten hiustenleikkuut',
    ee: 'Laste juukselõikused',
    no: 'Barneklipp',
    sv: 'Barnklippning',
    dk: 'Børneklip',
    en: "Children's cuts",
  },
  {
    fi: 'Klassiset leikkaukset ja partaveitsiajo',
    ee: 'Klassikalised lõikused ja habemenoaga raseerimine',
    no: 'Klassiske klipp og barberkniv',
    sv: 'Klassiska klippningar och rakkniv',
    dk: 'Klassiske klip og barberkniv',
    en: 'Classic cuts and straight-razor shaves',
  },
  NONE,
];

const NAMES: Record<Market, string[]> = {
  fi: ['Aino', 'Eetu', 'Helmi', 'Juho', 'Veera', 'Onni', 'Sanni'],
  ee: ['Kristjan', 'Liis', 'Mart', 'Kadri', 'Rasmus', 'Triin', 'Andres'],
  no: ['Ingrid', 'Magnus', 'Sigrid', 'Henrik', 'Nora', 'Eirik', 'Solveig'],
  dk: ['Freja', 'Mads', 'Ida', 'Rasmus', 'Signe', 'Anders', 'Karen'],
  se: ['Astrid', 'Erik', 'Maja', 'Oskar', 'Elsa', 'Nils', 'Linnea'],
};

const OWN_LANGUAGE: Record<Market, string> = { fi: 'fi', ee: 'et', no: 'nb', dk: 'da', se: 'sv' };
const SECOND: string[][] = [['en'], ['en', 'sv'], [], ['en', 'de'], ['en'], ['ru', 'en'], []];

/** The demo barbers of one shop: `count` of them, the shop's index varying who works where. */
export function demoBarbers(market: Market, shopIndex: number, count: number): DemoBarber[] {
  const names = NAMES[market];
  return Array.from({ length: count }, (_, i) => {
    const k = (shopIndex * 3 + i) % names.length;
    return {
      firstName: names[k] ?? 'Alex',
      languages: [OWN_LANGUAGE[market], ...(SECOND[k] ?? [])],
      specialities: SPECIALITIES[(shopIndex + i) % SPECIALITIES.length] ?? NONE,
      ...(i < 2 ? { photo: ((shopIndex + i) % 4) + 1 } : {}),
    };
  });
}

// Demo shops of every market: real cities, real-looking coordinates and addresses.
import type { Market } from '@jono/contract';
import type { OpenTimeRow } from './schema';

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
  notice?: string;
}

const week = (
  weekday: [string, string],
  sat: [string, string] | null,
  sun: [string, string] | null,
): OpenTimeRow[] => [
  ...[1, 2, 3, 4, 5].map((d) => ({ weekday: d, open: weekday[0], close: weekday[1] })),
  ...(sat ? [{ weekday: 6, open: sat[0], close: sat[1] }] : []),
  ...(sun ? [{ weekday: 7, open: sun[0], close: sun[1] }] : []),
];

export const HOURS: Record<DemoShop['hours'], OpenTimeRow[]> = {
  standard: week(['09:00', '19:00'], ['10:00', '17:00'], null),
  mall: week(['09:00', '21:00'], ['09:00', '18:00'], ['12:00', '18:00']),
  // Around the clock, every day: lets anyone try ordering whatever the hour.
  allDay: week(['00:00', '24:00'], ['00:00', '24:00'], ['00:00', '24:00']),
};

export const DEMO_SHOPS: Record<Market, DemoShop[]> = {
  fi: [
    {
      name: 'Jono Kamppi',
      city: 'Helsinki',
      address: 'Urho Kekkosen katu 1',
      lat: 60.1688,
      lng: 24.9325,
      chairs: 5,
      image: true,
      hours: 'allDay',
      notice: 'Kampin liike palvelee joka päivä ympäri vuorokauden.',
    },
    {
      name: 'Jono Kallio',
      city: 'Helsinki',
      address: 'Hämeentie 13',
      lat: 60.1841,
      lng: 24.9506,
      chairs: 3,
      image: true,
      hours: 'standard',
    },
    {
      name: 'Jono Itis',
      city: 'Helsinki',
      address: 'Itäkatu 1-7',
      lat: 60.2107,
      lng: 25.0823,
      chairs: 4,
      image: false,
      hours: 'mall',
    },
    {
      name: 'Jono Tapiola',
      city: 'Espoo',
      address: 'Tapionraitti 7',
      lat: 60.1756,
      lng: 24.8052,
      chairs: 3,
      image: true,
      hours: 'mall',
    },
    {
      name: 'Jono Leppävaara',
      city: 'Espoo',
      address: 'Leppävaarankatu 3-9',
      lat: 60.2189,
      lng: 24.8132,
      chairs: 4,
      image: false,
      hours: 'allDay',
    },
    {
      name: 'Jono Tikkurila',
      city: 'Vantaa',
      address: 'Asematie 6',
      lat: 60.2925,
      lng: 25.0441,
      chairs: 2,
      image: true,
      hours: 'standard',
      queueState: 'closed',
    },
    {
      name: 'Jono Jumbo',
      city: 'Vantaa',
      address: 'Vantaanportinkatu 3',
      lat: 60.2926,
      lng: 24.9626,
      chairs: 4,
      image: true,
      hours: 'mall',
    },
    {
      name: 'Jono Hämeenkatu',
      city: 'Tampere',
      address: 'Hämeenkatu 20',
      lat: 61.4981,
      lng: 23.7636,
      chairs: 3,
      image: true,
      hours: 'standard',
      queueState: 'full',
    },
    {
      name: 'Jono Ratina',
      city: 'Tampere',
      address: 'Vuolteenkatu 1',
      lat: 61.4925,
      lng: 23.7672,
      chairs: 4,
      image: false,
      hours: 'mall',
    },
    {
      name: 'Jono Kauppatori',
      city: 'Turku',
      address: 'Yliopistonkatu 22',
      lat: 60.4514,
      lng: 22.2666,
      chairs: 3,
      image: true,
      hours: 'standard',
    },
    {
      name: 'Jono Skanssi',
      city: 'Turku',
      address: 'Skanssinkatu 10',
      lat: 60.4283,
      lng: 22.3253,
      chairs: 2,
      image: false,
      hours: 'mall',
    },
    {
      name: 'Jono Rotuaari',
      city: 'Oulu',
      address: 'Kirkkokatu 20',
      lat: 65.0121,
      lng: 25.4682,
      chairs: 3,
      image: true,
      hours: 'standard',
    },
    {
      name: 'Jono Limingantulli',
      city: 'Oulu',
      address: 'Nuottasaarentie 1',
      lat: 64.9998,
      lng: 25.4912,
      chairs: 2,
      image: true,
      hours: 'allDay',
    },
  ],
  ee: [
    {
      name: 'Jono Viru',
      city: 'Tallinn',
      address: 'Viru väljak 4',
      lat: 59.4366,
      lng: 24.7552,
      chairs: 4,
      image: true,
      hours: 'allDay',
    },
    {
      name: 'Jono Ülemiste',
      city: 'Tallinn',
      address: 'Suur-Sõjamäe 4',
      lat: 59.4225,
      lng: 24.7995,
      chairs: 3,
      image: false,
      hours: 'mall',
    },
    {
      name: 'Jono Tasku',
      city: 'Tartu',
      address: 'Turu 2',
      lat: 58.3777,
      lng: 26.7297,
      chairs: 2,
      image: true,
      hours: 'standard',
    },
  ],
  no: [
    {
      name: 'Jono Karl Johan',
      city: 'Oslo',
      address: 'Karl Johans gate 16',
      lat: 59.9123,
      lng: 10.7444,
      chairs: 4,
      image: true,
      hours: 'allDay',
    },
    {
      name: 'Jono Grünerløkka',
      city: 'Oslo',
      address: 'Thorvald Meyers gate 45',
      lat: 59.9234,
      lng: 10.7589,
      chairs: 3,
      image: false,
      hours: 'standard',
    },
    {
      name: 'Jono Bryggen',
      city: 'Bergen',
      address: 'Torgallmenningen 8',
      lat: 60.393,
      lng: 5.324,
      chairs: 3,
      image: true,
      hours: 'mall',
    },
  ],
  dk: [
    {
      name: 'Jono Strøget',
      city: 'København',
      address: 'Frederiksberggade 24',
      lat: 55.6772,
      lng: 12.5713,
      chairs: 4,
      image: true,
      hours: 'allDay',
    },
    {
      name: 'Jono Nørrebro',
      city: 'København',
      address: 'Nørrebrogade 52',
      lat: 55.6889,
      lng: 12.5559,
      chairs: 3,
      image: false,
      hours: 'standard',
    },
    {
      name: 'Jono Bruun',
      city: 'Aarhus',
      address: 'M.P. Bruuns Gade 25',
      lat: 56.1496,
      lng: 10.2045,
      chairs: 2,
      image: true,
      hours: 'mall',
    },
  ],
  se: [
    {
      name: 'Jono Drottninggatan',
      city: 'Stockholm',
      address: 'Drottninggatan 53',
      lat: 59.3346,
      lng: 18.0632,
      chairs: 5,
      image: true,
      hours: 'allDay',
    },
    {
      name: 'Jono Södermalm',
      city: 'Stockholm',
      address: 'Götgatan 36',
      lat: 59.315,
      lng: 18.072,
      chairs: 3,
      image: false,
      hours: 'standard',
    },
    {
      name: 'Jono Nordstan',
      city: 'Göteborg',
      address: 'Nordstadstorget 1',
      lat: 57.7089,
      lng: 11.969,
      chairs: 3,
      image: true,
      hours: 'mall',
    },
  ],
};

export const TIME_ZONES: Record<Market, string> = {
  fi: 'Europe/Helsinki',
  ee: 'Europe/Tallinn',
  no: 'Europe/Oslo',
  dk: 'Europe/Copenhagen',
  se: 'Europe/Stockholm',
};

/** Demo phone numbers: the market's dial code and a fixed stem; ...0001, ...0002, ...0003. */
export const DEMO_PHONE_STEM: Record<Market, string> = {
  fi: '+35840000000',
  ee: '+3725000000',
  no: '+474000000',
  dk: '+452000000',
  se: '+4670000000',
};
export const DEMO_PASSWORD = 'Jono1234';

/** Price multiplier from euro prices to the market's currency (rounded to x9.00 in seed). */
export const PRICE_FACTOR: Record<Market, number> = { fi: 1, ee: 1, no: 11.5, dk: 7.5, se: 11.5 };

interface ServiceSeed {
  title: Record<'fi' | 'en', string>;
  details: Record<'fi' | 'en', string>;
  long: Record<'fi' | 'en', string>;
  euros: number;
  minutes: number;
  extras?: { title: Record<'fi' | 'en', string>; euros: number; minutes: number }[];
}

export interface GroupSeed {
  title: Record<'fi' | 'en', string>;
  details: Record<'fi' | 'en', string>;
  services: ServiceSeed[];
}

const wash = { title: { fi: 'Hiustenpesu', en: 'Hair wash' }, euros: 5, minutes: 5 };
const styling = {
  title: { fi: 'Muotoilu ja tuote', en: 'Styling with product' },
  euros: 6,
  minutes: 3,
};
const hotTowel = { title: { fi: 'Kuuma pyyhe', en: 'Hot towel' }, euros: 6, minutes: 5 };
const eyebrows = { title: { fi: 'Kulmien siistiminen', en: 'Eyebrow trim' }, euros: 7, minutes: 5 };

export const CATALOGUE: GroupSeed[] = [
  {
    title: { fi: 'Hiustenleikkaukset', en: 'Haircuts' },
    details: { fi: 'Leikkaus koneella tai saksilla', en: 'Cut with clippers or scissors' },
    services: [
      {
        title: { fi: 'Hiustenleikkaus', en: 'Haircut' },
        details: { fi: 'Klassinen leikkaus', en: 'A classic cut' },
        long: {
          fi: 'Parturi leikkaa hiukset toiveidesi mukaan koneella ja saksilla. Sisältää niskan siistimisen.',
          en: 'Your barber cuts your hair the way you want with clippers and scissors. Includes a neckline clean-up.',
        },
        euros: 39,
        minutes: 25,
        extras: [wash, styling, eyebrows],
      },
      {
        title: { fi: 'Koneajo', en: 'Buzz cut' },
        details: { fi: 'Yhdellä terällä', en: 'One guard all over' },
        long: {
          fi: 'Koko pää yhdellä koneen terällä.',
          en: 'The whole head with one clipper guard.',
        },
        euros: 25,
        minutes: 15,
        extras: [wash],
      },
      {
        title: { fi: 'Skin fade', en: 'Skin fade' },
        details: { fi: 'Häivytys nollaan', en: 'Faded down to the skin' },
        long: {
          fi: 'Tarkka häivytys nollasta ylöspäin, päälle leikkaus saksilla.',
          en: 'A precise fade from the skin up, with a scissor cut on top.',
        },
        euros: 45,
        minutes: 35,
        extras: [wash, styling],
      },
    ],
  },
  {
    title: { fi: 'Parta', en: 'Beard' },
    details: { fi: 'Parran muotoilu ja ajo', en: 'Beard shaping and shaves' },
    services: [
      {
        title: { fi: 'Parran muotoilu', en: 'Beard trim' },
        details: { fi: 'Koneella ja saksilla', en: 'With clippers and scissors' },
        long: {
          fi: 'Parran pituus ja linjat kuntoon.',
          en: 'Length and lines of your beard made right.',
        },
        euros: 25,
        minutes: 15,
        extras: [hotTowel],
      },
      {
        title: { fi: 'Partaveitsiajo', en: 'Straight razor shave' },
        details: { fi: 'Perinteinen märkäajo', en: 'A traditional wet shave' },
        long: {
          fi: 'Kuuma pyyhe, partavaahto ja huolellinen ajo partaveitsellä.',
          en: 'Hot towel, lather and a careful shave with a straight razor.',
        },
        euros: 35,
        minutes: 25,
      },
    ],
  },
  {
    title: { fi: 'Yhdistelmät', en: 'Combinations' },
    details: { fi: 'Hiukset ja parta samalla käynnillä', en: 'Hair and beard in one visit' },
    services: [
      {
        title: { fi: 'Hiukset ja parta', en: 'Haircut and beard' },
        details: { fi: 'Leikkaus ja parran muotoilu', en: 'Haircut and beard trim' },
        long: {
          fi: 'Hiustenleikkaus ja parran muotoilu yhdellä kertaa edullisemmin.',
          en: 'A haircut and a beard trim in one go, for less.',
        },
        euros: 59,
        minutes: 40,
        extras: [wash, hotTowel],
      },
    ],
  },
  {
    title: { fi: 'Lapset', en: 'Children' },
    details: { fi: 'Alle 12-vuotiaille', en: 'For children under 12' },
    services: [
      {
        title: { fi: 'Lasten hiustenleikkaus', en: "Children's haircut" },
        details: { fi: 'Alle 12-vuotiaat', en: 'Under 12 years' },
        long: { fi: 'Rauhallinen leikkaus lapselle.', en: 'A calm haircut for a child.' },
        euros: 25,
        minutes: 20,
      },
    ],
  },
];

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
  /** The notice in the market's language, and in English. */
  notice?: { own: string; en: string };
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
      notice: {
        own: 'Kampin liike palvelee joka päivä ympäri vuorokauden.',
        en: 'The Kamppi shop is open every day, around the clock.',
      },
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

/** The languages of the demo texts: each market's own and English (section 9). */
export type SeedLanguage = 'fi' | 'ee' | 'en' | 'no' | 'sv' | 'dk';
export type SeedText = Record<SeedLanguage, string>;

interface ServiceSeed {
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

const wash = {
  title: {
    fi: 'Hiustenpesu',
    ee: 'Juuste pesu',
    en: 'Hair wash',
    no: 'Hårvask',
    sv: 'Hårtvätt',
    dk: 'Hårvask',
  },
  euros: 5,
  minutes: 5,
};
const styling = {
  title: {
    fi: 'Muotoilu ja tuote',
    ee: 'Viimistlus tootega',
    en: 'Styling with product',
    no: 'Styling med produkt',
    sv: 'Styling med produkt',
    dk: 'Styling med produkt',
  },
  euros: 6,
  minutes: 3,
};
const hotTowel = {
  title: {
    fi: 'Kuuma pyyhe',
    ee: 'Kuum rätik',
    en: 'Hot towel',
    no: 'Varmt håndkle',
    sv: 'Varm handduk',
    dk: 'Varmt håndklæde',
  },
  euros: 6,
  minutes: 5,
};
const eyebrows = {
  title: {
    fi: 'Kulmien siistiminen',
    ee: 'Kulmude korrastamine',
    en: 'Eyebrow trim',
    no: 'Øyenbrynsforming',
    sv: 'Ögonbrynsformning',
    dk: 'Øjenbrynsformning',
  },
  euros: 7,
  minutes: 5,
};

export const CATALOGUE: GroupSeed[] = [
  {
    title: {
      fi: 'Hiustenleikkaukset',
      ee: 'Juukselõikused',
      en: 'Haircuts',
      no: 'Hårklipp',
      sv: 'Klippningar',
      dk: 'Klipninger',
    },
    details: {
      fi: 'Leikkaus koneella tai saksilla',
      ee: 'Lõikus masina või kääridega',
      en: 'Cut with clippers or scissors',
      no: 'Klipp med maskin eller saks',
      sv: 'Klippning med maskin eller sax',
      dk: 'Klipning med maskine eller saks',
    },
    services: [
      {
        title: {
          fi: 'Hiustenleikkaus',
          ee: 'Juukselõikus',
          en: 'Haircut',
          no: 'Hårklipp',
          sv: 'Klippning',
          dk: 'Klipning',
        },
        details: {
          fi: 'Klassinen leikkaus',
          ee: 'Klassikaline lõikus',
          en: 'A classic cut',
          no: 'En klassisk klipp',
          sv: 'En klassisk klippning',
          dk: 'En klassisk klipning',
        },
        long: {
          fi: 'Parturi leikkaa hiukset toiveidesi mukaan koneella ja saksilla. Sisältää niskan siistimisen.',
          ee: 'Juuksur lõikab su juuksed soovitud moel masina ja kääridega. Sisaldab kaela piirjoone korrastamist.',
          en: 'Your barber cuts your hair the way you want with clippers and scissors. Includes a neckline clean-up.',
          no: 'Frisøren klipper håret slik du vil ha det, med maskin og saks. Inkluderer opprydding i nakken.',
          sv: 'Frisören klipper håret som du vill med maskin och sax. Nacken snyggas också till.',
          dk: 'Frisøren klipper dit hår, som du vil have det, med maskine og saks. Inklusive oprydning i nakken.',
        },
        euros: 39,
        minutes: 25,
        extras: [wash, styling, eyebrows],
      },
      {
        title: {
          fi: 'Koneajo',
          ee: 'Masinalõikus',
          en: 'Buzz cut',
          no: 'Maskinklipp',
          sv: 'Maskinklippning',
          dk: 'Maskinklipning',
        },
        details: {
          fi: 'Yhdellä terällä',
          ee: 'Ühe kammiga üle pea',
          en: 'One guard all over',
          no: 'Samme lengde over alt',
          sv: 'Samma längd överallt',
          dk: 'Samme længde over det hele',
        },
        long: {
          fi: 'Koko pää yhdellä koneen terällä.',
          ee: 'Kogu pea ühe masinakammiga.',
          en: 'The whole head with one clipper guard.',
          no: 'Hele hodet med én maskinkam.',
          sv: 'Hela huvudet med en och samma kam.',
          dk: 'Hele hovedet med én maskinkam.',
        },
        euros: 25,
        minutes: 15,
        extras: [wash],
      },
      {
        title: {
          fi: 'Skin fade',
          ee: 'Skin fade',
          en: 'Skin fade',
          no: 'Skin fade',
          sv: 'Skin fade',
          dk: 'Skin fade',
        },
        details: {
          fi: 'Häivytys nollaan',
          ee: 'Üleminek nullini',
          en: 'Faded down to the skin',
          no: 'Fade helt ned til huden',
          sv: 'Fade ner till huden',
          dk: 'Fade helt ned til huden',
        },
        long: {
          fi: 'Tarkka häivytys nollasta ylöspäin, päälle leikkaus saksilla.',
          ee: 'Täpne üleminek nullist ülespoole, pealt kääridega lõigatud.',
          en: 'A precise fade from the skin up, with a scissor cut on top.',
          no: 'En presis fade fra huden og opp, med saksklipp på toppen.',
          sv: 'En noggrann fade från huden och uppåt, med saxklippning på toppen.',
          dk: 'En præcis fade fra huden og op, med saksklip på toppen.',
        },
        euros: 45,
        minutes: 35,
        extras: [wash, styling],
      },
    ],
  },
  {
    title: { fi: 'Parta', ee: 'Habe', en: 'Beard', no: 'Skjegg', sv: 'Skägg', dk: 'Skæg' },
    details: {
      fi: 'Parran muotoilu ja ajo',
      ee: 'Habeme vormimine ja raseerimine',
      en: 'Beard shaping and shaves',
      no: 'Skjeggforming og barbering',
      sv: 'Skäggformning och rakning',
      dk: 'Skægformning og barbering',
    },
    services: [
      {
        title: {
          fi: 'Parran muotoilu',
          ee: 'Habeme piiramine',
          en: 'Beard trim',
          no: 'Skjeggtrim',
          sv: 'Skäggtrimning',
          dk: 'Skægtrimning',
        },
        details: {
          fi: 'Koneella ja saksilla',
          ee: 'Masina ja kääridega',
          en: 'With clippers and scissors',
          no: 'Med maskin og saks',
          sv: 'Med maskin och sax',
          dk: 'Med maskine og saks',
        },
        long: {
          fi: 'Parran pituus ja linjat kuntoon.',
          ee: 'Habeme pikkus ja jooned korda.',
          en: 'Length and lines of your beard made right.',
          no: 'Lengden og linjene i skjegget gjort riktig.',
          sv: 'Skäggets längd och linjer blir rätt.',
          dk: 'Skæggets længde og linjer gjort rigtigt.',
        },
        euros: 25,
        minutes: 15,
        extras: [hotTowel],
      },
      {
        title: {
          fi: 'Partaveitsiajo',
          ee: 'Habemenoaga raseerimine',
          en: 'Straight razor shave',
          no: 'Barbering med barberkniv',
          sv: 'Rakning med rakkniv',
          dk: 'Barbering med ragekniv',
        },
        details: {
          fi: 'Perinteinen märkäajo',
          ee: 'Traditsiooniline märgraseerimine',
          en: 'A traditional wet shave',
          no: 'En tradisjonell våtbarbering',
          sv: 'En traditionell våtrakning',
          dk: 'En traditionel vådbarbering',
        },
        long: {
          fi: 'Kuuma pyyhe, partavaahto ja huolellinen ajo partaveitsellä.',
          ee: 'Kuum rätik, habemevaht ja hoolikas raseerimine habemenoaga.',
          en: 'Hot towel, lather and a careful shave with a straight razor.',
          no: 'Varmt håndkle, skum og en grundig barbering med barberkniv.',
          sv: 'Varm handduk, lödder och en noggrann rakning med rakkniv.',
          dk: 'Varmt håndklæde, skum og en omhyggelig barbering med ragekniv.',
        },
        euros: 35,
        minutes: 25,
      },
    ],
  },
  {
    title: {
      fi: 'Yhdistelmät',
      ee: 'Kombinatsioonid',
      en: 'Combinations',
      no: 'Kombinasjoner',
      sv: 'Kombinationer',
      dk: 'Kombinationer',
    },
    details: {
      fi: 'Hiukset ja parta samalla käynnillä',
      ee: 'Juuksed ja habe ühe külastusega',
      en: 'Hair and beard in one visit',
      no: 'Hår og skjegg i samme besøk',
      sv: 'Hår och skägg vid samma besök',
      dk: 'Hår og skæg ved samme besøg',
    },
    services: [
      {
        title: {
          fi: 'Hiukset ja parta',
          ee: 'Juukselõikus ja habe',
          en: 'Haircut and beard',
          no: 'Hårklipp og skjegg',
          sv: 'Klippning och skägg',
          dk: 'Klipning og skæg',
        },
        details: {
          fi: 'Leikkaus ja parran muotoilu',
          ee: 'Lõikus ja habeme piiramine',
          en: 'Haircut and beard trim',
          no: 'Hårklipp og skjeggtrim',
          sv: 'Klippning och skäggtrimning',
          dk: 'Klipning og skægtrimning',
        },
        long: {
          fi: 'Hiustenleikkaus ja parran muotoilu yhdellä kertaa edullisemmin.',
          ee: 'Juukselõikus ja habeme piiramine korraga, soodsamalt.',
          en: 'A haircut and a beard trim in one go, for less.',
          no: 'Hårklipp og skjeggtrim på én gang, til en lavere pris.',
          sv: 'Klippning och skäggtrimning på en gång, till ett lägre pris.',
          dk: 'Klipning og skægtrimning på én gang, til en lavere pris.',
        },
        euros: 59,
        minutes: 40,
        extras: [wash, hotTowel],
      },
    ],
  },
  {
    title: { fi: 'Lapset', ee: 'Lapsed', en: 'Children', no: 'Barn', sv: 'Barn', dk: 'Børn' },
    details: {
      fi: 'Alle 12-vuotiaille',
      ee: 'Alla 12-aastastele',
      en: 'For children under 12',
      no: 'For barn under 12 år',
      sv: 'För barn under 12 år',
      dk: 'Til børn under 12 år',
    },
    services: [
      {
        title: {
          fi: 'Lasten hiustenleikkaus',
          ee: 'Laste juukselõikus',
          en: "Children's haircut",
          no: 'Barneklipp',
          sv: 'Barnklippning',
          dk: 'Børneklipning',
        },
        details: {
          fi: 'Alle 12-vuotiaat',
          ee: 'Alla 12-aastased',
          en: 'Under 12 years',
          no: 'Under 12 år',
          sv: 'Under 12 år',
          dk: 'Under 12 år',
        },
        long: {
          fi: 'Rauhallinen leikkaus lapselle.',
          ee: 'Rahulik juukselõikus lapsele.',
          en: 'A calm haircut for a child.',
          no: 'En rolig klipp for barnet.',
          sv: 'En lugn klippning för barnet.',
          dk: 'En rolig klipning til barnet.',
        },
        euros: 25,
        minutes: 20,
      },
    ],
  },
];

/** The demo messages of every market (HTML, as operators write them). */
export const DEMO_MESSAGES: Record<'welcome' | 'member', { title: SeedText; content: SeedText }> = {
  welcome: {
    title: {
      fi: 'Tervetuloa Jonoon',
      ee: 'Tere tulemast Jonosse',
      en: 'Welcome to Jono',
      no: 'Velkommen til Jono',
      sv: 'Välkommen till Jono',
      dk: 'Velkommen til Jono',
    },
    content: {
      fi: '<p>Näet nyt jokaisen liikkeen jonotusajan ja voit liittyä jonoon etukäteen. <strong>Hyvää päivänjatkoa!</strong></p>',
      ee: '<p>Nüüd näed iga juuksuri ooteaega ja saad järjekorraga liituda juba enne kohalejõudmist. <strong>Head päeva!</strong></p>',
      en: '<p>You can now see the wait at every shop and join the queue before you arrive. <strong>Have a good day!</strong></p>',
      no: '<p>Nå ser du ventetiden hos hver frisør og kan stille deg i køen før du kommer. <strong>Ha en fin dag!</strong></p>',
      sv: '<p>Nu ser du väntetiden hos varje frisör och kan ställa dig i kön innan du kommer. <strong>Ha en bra dag!</strong></p>',
      dk: '<p>Nu kan du se ventetiden hos hver frisør og stille dig i køen, før du kommer. <strong>Hav en god dag!</strong></p>',
    },
  },
  member: {
    title: {
      fi: 'Kiitos jäsenyydestä',
      ee: 'Aitäh, et oled liige',
      en: 'Thank you for being a member',
      no: 'Takk for at du er medlem',
      sv: 'Tack för att du är medlem',
      dk: 'Tak, fordi du er medlem',
    },
    content: {
      fi: '<p>Gold-jäsenenä pääset palveluun ennen kertaasiakkaita. <a href="/information#membership">Lue lisää</a>.</p>',
      ee: '<p>Gold-liikmena teenindatakse sind enne ühekordseid kliente. <a href="/information#membership">Loe lähemalt</a>.</p>',
      en: '<p>As a Gold member you are served before one-time customers. <a href="/information#membership">Read more</a>.</p>',
      no: '<p>Som Gold-medlem blir du betjent før engangskunder. <a href="/information#membership">Les mer</a>.</p>',
      sv: '<p>Som Gold-medlem blir du betjänad före engångskunder. <a href="/information#membership">Läs mer</a>.</p>',
      dk: '<p>Som Gold-medlem bliver du betjent før engangskunder. <a href="/information#membership">Læs mere</a>.</p>',
    },
  },
};

// The demo messages of every market.
import type { SeedText } from './types';

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

// Texts of the SMS Jono sends, in the customer's language (app_language such as fi_FI).
type Kind = 'recovery' | 'turnNear';

const TEXTS: Record<string, Record<Kind, string>> = {
  fi: {
    recovery: 'Jono: salasanan palautuskoodisi on {code}. Koodi on voimassa tunnin.',
    turnNear:
      'Jono: vuorosi parturissa {shop} on pian. Tule paikalle ja ilmoittaudu sovelluksessa.',
  },
  et: {
    recovery: 'Jono: sinu parooli taastamise kood on {code}. Kood kehtib ühe tunni.',
    turnNear:
      'Jono: sinu järjekord juuksuris {shop} on varsti käes. Tule kohale ja registreeru äpis.',
  },
  en: {
    recovery: 'Jono: your password recovery code is {code}. It is valid for one hour.',
    turnNear: 'Jono: your turn at {shop} is near. Please come in and check in in the app.',
  },
  nb: {
    recovery: 'Jono: koden for å tilbakestille passordet er {code}. Den gjelder i én time.',
    turnNear: 'Jono: snart din tur hos {shop}. Kom innom og sjekk inn i appen.',
  },
  sv: {
    recovery: 'Jono: din kod för att återställa lösenordet är {code}. Den gäller i en timme.',
    turnNear: 'Jono: snart din tur hos {shop}. Kom in och checka in i appen.',
  },
  da: {
    recovery: 'Jono: din kode til at nulstille adgangskoden er {code}. Den gælder i en time.',
    turnNear: 'Jono: det er snart din tur hos {shop}. Kom ind og tjek ind i appen.',
  },
  de: {
    recovery:
      'Jono: Dein Code zum Zurücksetzen des Passworts lautet {code}. Er ist eine Stunde gültig.',
    turnNear: 'Jono: Du bist bald bei {shop} an der Reihe. Komm vorbei und checke in der App ein.',
  },
};

export function smsText(appLanguage: string, kind: Kind, vars: Record<string, string>): string {
  const lang = appLanguage.slice(0, 2);
  const template = (TEXTS[lang] ?? TEXTS.en)?.[kind] ?? '';
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

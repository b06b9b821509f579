// Texts of the SMS Jono sends, in the customer's language (app_language such as fi_FI).
type Kind =
  | 'recovery'
  | 'turnNear'
  | 'kioskTurnNear'
  | 'leaveNow'
  | 'registerCode'
  | 'registerKnown'
  | 'kioskConfirm'
  | 'barberOff'
  | 'barberReleased';

const TEXTS: Record<string, Record<Kind, string>> = {
  fi: {
    recovery: 'Jono: salasanan palautuskoodisi on {code}. Koodi on voimassa tunnin.',
    turnNear:
      'Jono: vuorosi parturissa {shop} on pian (numero {ticket}). Tule paikalle ja ilmoittaudu sovelluksessa.',
    kioskTurnNear:
      'Jono: vuorosi parturissa {shop} on pian (numero {ticket}). Tule takaisin liikkeeseen.',
    leaveNow:
      'Jono: lähde nyt parturiin {shop} (numero {ticket}), vuorosi on noin {minutes} minuutin päästä. Paikkasi pidetään {grace} min, jos myöhästyt.',
    registerCode: 'Jono: rekisteröitymiskoodisi on {code}. Koodi on voimassa 15 minuuttia.',
    registerKnown:
      'Jono: tällä numerolla on jo tili. Jos et muista salasanaa, vaihda se sovelluksen kohdasta Unohtunut salasana.',
    kioskConfirm:
      'Jono: vahvista numerosi parturin {shop} jonoon (numero {ticket}) koodilla {code}. Ilman vahvistusta emme lähetä sinulle viestejä.',
    barberOff:
      'Jono: {barber} ei ole nyt vuorossa parturissa {shop}, vaan palaa klo {time}. Voit odottaa häntä tai siirtyä ensimmäiselle vapaalle parturille jonottamasi ajan mukaiselle paikalle (numero {ticket}).',
    barberReleased:
      'Jono: {barber} ei ole enää tänään töissä parturissa {shop}. Pidät paikkasi (numero {ticket}), ja sinua palvelee ensimmäinen vapaa parturi.',
  },
  et: {
    recovery: 'Jono: sinu parooli taastamise kood on {code}. Kood kehtib ühe tunni.',
    turnNear:
      'Jono: sinu järjekord juuksuris {shop} on varsti käes (number {ticket}). Tule kohale ja registreeru äpis.',
    kioskTurnNear:
      'Jono: sinu järjekord juuksuris {shop} on varsti käes (number {ticket}). Tule tagasi juuksurisse.',
    leaveNow:
      'Jono: hakka nüüd liikuma juuksurisse {shop} (number {ticket}), sinu kord on umbes {minutes} minuti pärast. Kui hilined, hoitakse kohta {grace} min.',
    registerCode: 'Jono: sinu registreerimiskood on {code}. Kood kehtib 15 minutit.',
    registerKnown:
      'Jono: selle numbriga on juba konto olemas. Kui sa ei mäleta parooli, taasta see äpis valikuga Unustasid parooli.',
    kioskConfirm:
      'Jono: kinnita oma number juuksuri {shop} järjekorras (number {ticket}) koodiga {code}. Ilma kinnituseta me sulle sõnumeid ei saada.',
    barberOff:
      'Jono: {barber} ei ole praegu juuksuris {shop} tööl ja naaseb kell {time}. Võid teda oodata või minna esimese vaba juuksuri juurde ootamisaja järgi (number {ticket}).',
    barberReleased:
      'Jono: {barber} ei tööta täna enam juuksuris {shop}. Sinu koht jääb alles (number {ticket}) ja sind teenindab esimene vaba juuksur.',
  },
  en: {
    recovery: 'Jono: your password recovery code is {code}. It is valid for one hour.',
    turnNear:
      'Jono: your turn at {shop} is near (number {ticket}). Please come in and check in in the app.',
    kioskTurnNear:
      'Jono: your turn at {shop} is near (number {ticket}). Please come back to the shop.',
    leaveNow:
      'Jono: time to leave for {shop} (number {ticket}): your turn is in about {minutes} min. If you are late, your spot is held for {grace} min.',
    registerCode: 'Jono: your registration code is {code}. It is valid for 15 minutes.',
    registerKnown:
      'Jono: this number already has an account. If you have forgotten the password, reset it in the app with Forgot password.',
    kioskConfirm:
      'Jono: confirm your number in the queue at {shop} (number {ticket}) with the code {code}. Without it we send you no messages.',
    barberOff:
      'Jono: {barber} at {shop} is off duty until {time}. Keep waiting for {barber}, or take the first available barber at the place your wait has earned (number {ticket}).',
    barberReleased:
      'Jono: {barber} is not working at {shop} any more today. You keep your place (number {ticket}) and the first available barber will serve you.',
  },
  nb: {
    recovery: 'Jono: koden for å tilbakestille passordet er {code}. Den gjelder i én time.',
    turnNear: 'Jono: snart din tur hos {shop} (nummer {ticket}). Kom innom og sjekk inn i appen.',
    kioskTurnNear: 'Jono: snart din tur hos {shop} (nummer {ticket}). Kom tilbake til salongen.',
    leaveNow:
      'Jono: dra nå til {shop} (nummer {ticket}), din tur er om omtrent {minutes} min. Kommer du for sent, holdes plassen i {grace} min.',
    registerCode: 'Jono: registreringskoden din er {code}. Den gjelder i 15 minutter.',
    registerKnown:
      'Jono: dette nummeret har allerede en konto. Har du glemt passordet, tilbakestill det i appen med Glemt passord.',
    kioskConfirm:
      'Jono: bekreft nummeret ditt i køen hos {shop} (nummer {ticket}) med koden {code}. Uten bekreftelse sender vi deg ingen meldinger.',
    barberOff:
      'Jono: {barber} hos {shop} er ikke på jobb før kl. {time}. Vent på {barber}, eller ta første ledige frisør på plassen ventetiden din gir (nummer {ticket}).',
    barberReleased:
      'Jono: {barber} jobber ikke mer hos {shop} i dag. Du beholder plassen (nummer {ticket}), og første ledige frisør tar deg.',
  },
  sv: {
    recovery: 'Jono: din kod för att återställa lösenordet är {code}. Den gäller i en timme.',
    turnNear: 'Jono: snart din tur hos {shop} (nummer {ticket}). Kom in och checka in i appen.',
    kioskTurnNear: 'Jono: snart din tur hos {shop} (nummer {ticket}). Kom tillbaka till salongen.',
    leaveNow:
      'Jono: dags att gå till {shop} (nummer {ticket}), din tur är om ungefär {minutes} min. Om du blir sen hålls platsen i {grace} min.',
    registerCode: 'Jono: din registreringskod är {code}. Den gäller i 15 minuter.',
    registerKnown:
      'Jono: det här numret har redan ett konto. Har du glömt lösenordet, återställ det i appen med Glömt lösenord.',
    kioskConfirm:
      'Jono: bekräfta ditt nummer i kön hos {shop} (nummer {ticket}) med koden {code}. Utan bekräftelse skickar vi inga meddelanden.',
    barberOff:
      'Jono: {barber} på {shop} är inte i tjänst förrän kl. {time}. Vänta på {barber}, eller ta första lediga frisör på den plats din väntan gett dig (nummer {ticket}).',
    barberReleased:
      'Jono: {barber} arbetar inte mer på {shop} i dag. Du behåller din plats (nummer {ticket}) och första lediga frisör tar dig.',
  },
  da: {
    recovery: 'Jono: din kode til at nulstille adgangskoden er {code}. Den gælder i en time.',
    turnNear:
      'Jono: det er snart din tur hos {shop} (nummer {ticket}). Kom ind og tjek ind i appen.',
    kioskTurnNear:
      'Jono: det er snart din tur hos {shop} (nummer {ticket}). Kom tilbage til salonen.',
    leaveNow:
      'Jono: tid til at tage af sted til {shop} (nummer {ticket}), din tur er om cirka {minutes} min. Kommer du for sent, holdes pladsen i {grace} min.',
    registerCode: 'Jono: din registreringskode er {code}. Den gælder i 15 minutter.',
    registerKnown:
      'Jono: dette nummer har allerede en konto. Har du glemt adgangskoden, så nulstil den i appen med Glemt adgangskode.',
    kioskConfirm:
      'Jono: bekræft dit nummer i køen hos {shop} (nummer {ticket}) med koden {code}. Uden bekræftelse sender vi dig ingen beskeder.',
    barberOff:
      'Jono: {barber} hos {shop} er ikke på arbejde før kl. {time}. Vent på {barber}, eller tag den første ledige frisør på den plads, din ventetid har givet dig (nummer {ticket}).',
    barberReleased:
      'Jono: {barber} arbejder ikke mere hos {shop} i dag. Du beholder din plads (nummer {ticket}), og den første ledige frisør tager dig.',
  },
  de: {
    recovery:
      'Jono: Dein Code zum Zurücksetzen des Passworts lautet {code}. Er ist eine Stunde gültig.',
    turnNear:
      'Jono: Du bist bald bei {shop} an der Reihe (Nummer {ticket}). Komm vorbei und checke in der App ein.',
    kioskTurnNear:
      'Jono: Du bist bald bei {shop} an der Reihe (Nummer {ticket}). Bitte komm zurück in den Salon.',
    leaveNow:
      'Jono: Zeit, zu {shop} aufzubrechen (Nummer {ticket}): Du bist in etwa {minutes} Min. an der Reihe. Bei Verspätung wird dein Platz {grace} Min. gehalten.',
    registerCode: 'Jono: Dein Registrierungscode lautet {code}. Er ist 15 Minuten gültig.',
    registerKnown:
      'Jono: Für diese Nummer gibt es schon ein Konto. Falls du das Passwort vergessen hast, setze es in der App mit Passwort vergessen zurück.',
    kioskConfirm:
      'Jono: Bestätige deine Nummer in der Warteschlange bei {shop} (Nummer {ticket}) mit dem Code {code}. Ohne Bestätigung senden wir dir keine Nachrichten.',
    barberOff:
      'Jono: {barber} bei {shop} ist erst ab {time} Uhr wieder da. Warte auf {barber} oder nimm den ersten freien Friseur auf dem Platz, den deine Wartezeit dir gibt (Nummer {ticket}).',
    barberReleased:
      'Jono: {barber} arbeitet heute nicht mehr bei {shop}. Du behältst deinen Platz (Nummer {ticket}) und der erste freie Friseur bedient dich.',
  },
};

export function smsText(appLanguage: string, kind: Kind, vars: Record<string, string>): string {
  const lang = appLanguage.slice(0, 2);
  const template = (TEXTS[lang] ?? TEXTS.en)?.[kind] ?? '';
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

const SMS_LANGUAGE: Record<string, string> = { ee: 'et', no: 'nb', dk: 'da' };

/** The SMS language of an interface language (for messages to people without an account). */
export function smsLanguageOf(language: string): string {
  return SMS_LANGUAGE[language] ?? language;
}

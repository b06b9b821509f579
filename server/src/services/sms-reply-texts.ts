// The words a customer may answer a Jono SMS with, in every SMS language, and Jono's answers.
// Any language's word is understood from anyone (a Swede in Finland writes "här"); the answer is
// in the customer's language (their app language, or the market's for a kiosk walk-in).

export type ReplyCommand = 'here' | 'late' | 'moreTime' | 'cancel' | 'rejoin' | 'status';

/** The words of each command per language, lower case, as typed (accents and all). */
export const REPLY_WORDS: Record<string, Record<ReplyCommand, readonly string[]>> = {
  en: {
    here: ['here'],
    late: ['late'],
    moreTime: ['more time'],
    cancel: ['cancel'],
    rejoin: ['rejoin'],
    status: ['status'],
  },
  fi: {
    here: ['täällä', 'paikalla'],
    late: ['myöhässä'],
    moreTime: ['lisäaikaa'],
    cancel: ['peru'],
    rejoin: ['palaa'],
    status: ['tilanne'],
  },
  sv: {
    here: ['här'],
    late: ['sen'],
    moreTime: ['mer tid'],
    cancel: ['avboka'],
    rejoin: ['tillbaka'],
    status: ['status'],
  },
  nb: {
    here: ['her'],
    late: ['sen'],
    moreTime: ['mer tid'],
    cancel: ['avbestill'],
    rejoin: ['tilbake'],
    status: ['status'],
  },
  da: {
    here: ['her'],
    late: ['forsinket'],
    moreTime: ['mere tid'],
    cancel: ['afbestil'],
    rejoin: ['tilbage'],
    status: ['status'],
  },
  de: {
    here: ['hier'],
    late: ['später'],
    moreTime: ['mehr zeit'],
    cancel: ['stornieren'],
    rejoin: ['zurück'],
    status: ['status'],
  },
  et: {
    here: ['kohal'],
    late: ['hilinen'],
    moreTime: ['lisaaega'],
    cancel: ['tühista'],
    rejoin: ['tagasi'],
    status: ['olek'],
  },
};

export type ReplyAnswer =
  | 'checkedIn'
  | 'deferred'
  | 'cancelled'
  | 'rejoined'
  | 'status'
  | 'statusNoWait'
  | 'help'
  | 'noOrder'
  | 'noFormerOrder'
  | 'deferLimit'
  | 'timeSlot'
  | 'notWaiting'
  | 'rejoinLimit'
  | 'notTakingOrders'
  | 'tooLate';

/** Jono's answers; {shop}, {minutes}, {wait}, {low}, {high}, {ahead} filled in. */
export const REPLY_TEXTS: Record<string, Record<ReplyAnswer, string>> = {
  en: {
    checkedIn: 'Jono: thanks, you are checked in at {shop}.',
    deferred: 'Jono: OK, {minutes} more minutes. Your wait at {shop} is now about {wait} min.',
    cancelled: 'Jono: you left the queue at {shop}.',
    rejoined: 'Jono: you are back in the queue at {shop}, your wait is about {wait} min.',
    status: 'Jono: {shop}: {ahead} ahead of you, your turn in {low}–{high} min.',
    statusNoWait: 'Jono: {shop}: {ahead} ahead of you; no wait can be given right now.',
    help: 'Jono: reply HERE when you arrive, LATE 15 or MORE TIME for more time, CANCEL to leave, REJOIN to come back, STATUS for your wait.',
    noOrder: 'Jono: this number has no place in a queue.',
    noFormerOrder: 'Jono: this number has no place to take back.',
    deferLimit: 'Jono: more time can be asked for twice per visit.',
    timeSlot: 'Jono: no more time can be given: the shop closes before that.',
    notWaiting:
      'Jono: your place cannot be changed now: your service has started or the place is gone.',
    rejoinLimit: 'Jono: the place can be taken back within 10 minutes, once a day.',
    notTakingOrders: 'Jono: the shop is not taking customers right now.',
    tooLate: 'Jono: more time is 15 or 30 minutes, e.g. LATE 15.',
  },
  fi: {
    checkedIn: 'Jono: kiitos, olet ilmoittautunut paikalle: {shop}.',
    deferred: 'Jono: selvä, {minutes} min lisäaikaa. Odotusaikasi ({shop}) on nyt noin {wait} min.',
    cancelled: 'Jono: poistuit jonosta: {shop}.',
    rejoined: 'Jono: olet taas jonossa: {shop}, odotusaika noin {wait} min.',
    status: 'Jono: {shop}: edelläsi {ahead}, vuorosi {low}–{high} min päästä.',
    statusNoWait: 'Jono: {shop}: edelläsi {ahead}; odotusaikaa ei juuri nyt voi arvioida.',
    help: 'Jono: vastaa TÄÄLLÄ kun olet paikalla, MYÖHÄSSÄ 15 tai LISÄAIKAA saadaksesi lisäaikaa, PERU poistuaksesi, PALAA palataksesi, TILANNE odotusajan saamiseksi.',
    noOrder: 'Jono: tällä numerolla ei ole paikkaa jonossa.',
    noFormerOrder: 'Jono: tällä numerolla ei ole paikkaa, jonka voisi ottaa takaisin.',
    deferLimit: 'Jono: lisäaikaa voi pyytää kaksi kertaa käyntiä kohden.',
    timeSlot: 'Jono: lisäaikaa ei voi antaa: liike sulkeutuu ennen sitä.',
    notWaiting: 'Jono: paikkaasi ei voi nyt muuttaa: palvelusi on alkanut tai paikka on poistunut.',
    rejoinLimit: 'Jono: paikan voi ottaa takaisin 10 minuutin sisällä, kerran päivässä.',
    notTakingOrders: 'Jono: liike ei ota juuri nyt asiakkaita jonoon.',
    tooLate: 'Jono: lisäaikaa on 15 tai 30 minuuttia, esim. MYÖHÄSSÄ 15.',
  },
  sv: {
    checkedIn: 'Jono: tack, du är incheckad hos {shop}.',
    deferred: 'Jono: OK, {minutes} minuter till. Din väntetid hos {shop} är nu cirka {wait} min.',
    cancelled: 'Jono: du lämnade kön hos {shop}.',
    rejoined: 'Jono: du är tillbaka i kön hos {shop}, väntetiden är cirka {wait} min.',
    status: 'Jono: {shop}: {ahead} före dig, din tur om {low}–{high} min.',
    statusNoWait: 'Jono: {shop}: {ahead} före dig; ingen väntetid kan ges just nu.',
    help: 'Jono: svara HÄR när du kommer, SEN 15 eller MER TID för mer tid, AVBOKA för att lämna, TILLBAKA för att komma tillbaka, STATUS för din väntetid.',
    noOrder: 'Jono: det här numret har ingen plats i en kö.',
    noFormerOrder: 'Jono: det här numret har ingen plats att ta tillbaka.',
    deferLimit: 'Jono: mer tid kan begäras två gånger per besök.',
    timeSlot: 'Jono: mer tid kan inte ges: salongen stänger innan dess.',
    notWaiting:
      'Jono: din plats kan inte ändras nu: din behandling har börjat eller platsen finns inte längre.',
    rejoinLimit: 'Jono: platsen kan tas tillbaka inom 10 minuter, en gång per dag.',
    notTakingOrders: 'Jono: salongen tar inte emot kunder just nu.',
    tooLate: 'Jono: mer tid är 15 eller 30 minuter, t.ex. SEN 15.',
  },
  nb: {
    checkedIn: 'Jono: takk, du er sjekket inn hos {shop}.',
    deferred:
      'Jono: OK, {minutes} minutter til. Ventetiden din hos {shop} er nå omtrent {wait} min.',
    cancelled: 'Jono: du forlot køen hos {shop}.',
    rejoined: 'Jono: du er tilbake i køen hos {shop}, ventetiden er omtrent {wait} min.',
    status: 'Jono: {shop}: {ahead} foran deg, din tur om {low}–{high} min.',
    statusNoWait: 'Jono: {shop}: {ahead} foran deg; ingen ventetid kan gis akkurat nå.',
    help: 'Jono: svar HER når du kommer, SEN 15 eller MER TID for mer tid, AVBESTILL for å gå, TILBAKE for å komme tilbake, STATUS for ventetiden.',
    noOrder: 'Jono: dette nummeret har ingen plass i en kø.',
    noFormerOrder: 'Jono: dette nummeret har ingen plass å ta tilbake.',
    deferLimit: 'Jono: mer tid kan bes om to ganger per besøk.',
    timeSlot: 'Jono: mer tid kan ikke gis: salongen stenger før det.',
    notWaiting:
      'Jono: plassen din kan ikke endres nå: behandlingen har startet eller plassen finnes ikke lenger.',
    rejoinLimit: 'Jono: plassen kan tas tilbake innen 10 minutter, én gang per dag.',
    notTakingOrders: 'Jono: salongen tar ikke imot kunder akkurat nå.',
    tooLate: 'Jono: mer tid er 15 eller 30 minutter, f.eks. SEN 15.',
  },
  da: {
    checkedIn: 'Jono: tak, du er tjekket ind hos {shop}.',
    deferred: 'Jono: OK, {minutes} minutter mere. Din ventetid hos {shop} er nu cirka {wait} min.',
    cancelled: 'Jono: du forlod køen hos {shop}.',
    rejoined: 'Jono: du er tilbage i køen hos {shop}, ventetiden er cirka {wait} min.',
    status: 'Jono: {shop}: {ahead} foran dig, din tur om {low}–{high} min.',
    statusNoWait: 'Jono: {shop}: {ahead} foran dig; ingen ventetid kan gives lige nu.',
    help: 'Jono: svar HER når du kommer, FORSINKET 15 eller MERE TID for mere tid, AFBESTIL for at gå, TILBAGE for at komme tilbage, STATUS for din ventetid.',
    noOrder: 'Jono: dette nummer har ingen plads i en kø.',
    noFormerOrder: 'Jono: dette nummer har ingen plads at tage tilbage.',
    deferLimit: 'Jono: mere tid kan bedes om to gange per besøg.',
    timeSlot: 'Jono: mere tid kan ikke gives: salonen lukker før.',
    notWaiting:
      'Jono: din plads kan ikke ændres nu: din behandling er begyndt eller pladsen findes ikke længere.',
    rejoinLimit: 'Jono: pladsen kan tages tilbage inden for 10 minutter, én gang om dagen.',
    notTakingOrders: 'Jono: salonen tager ikke imod kunder lige nu.',
    tooLate: 'Jono: mere tid er 15 eller 30 minutter, f.eks. FORSINKET 15.',
  },
  de: {
    checkedIn: 'Jono: danke, du bist bei {shop} eingecheckt.',
    deferred:
      'Jono: OK, {minutes} Minuten mehr. Deine Wartezeit bei {shop} ist jetzt etwa {wait} Min.',
    cancelled: 'Jono: du hast die Warteschlange bei {shop} verlassen.',
    rejoined: 'Jono: du bist wieder in der Warteschlange bei {shop}, Wartezeit etwa {wait} Min.',
    status: 'Jono: {shop}: {ahead} vor dir, du bist in {low}–{high} Min. dran.',
    statusNoWait: 'Jono: {shop}: {ahead} vor dir; gerade kann keine Wartezeit genannt werden.',
    help: 'Jono: antworte HIER, wenn du da bist, SPÄTER 15 oder MEHR ZEIT für mehr Zeit, STORNIEREN zum Gehen, ZURÜCK zum Zurückkommen, STATUS für deine Wartezeit.',
    noOrder: 'Jono: diese Nummer hat keinen Platz in einer Warteschlange.',
    noFormerOrder: 'Jono: diese Nummer hat keinen Platz, der zurückgenommen werden kann.',
    deferLimit: 'Jono: mehr Zeit kann zweimal pro Besuch erbeten werden.',
    timeSlot: 'Jono: mehr Zeit ist nicht möglich: der Salon schließt vorher.',
    notWaiting:
      'Jono: dein Platz kann jetzt nicht geändert werden: deine Behandlung hat begonnen oder der Platz besteht nicht mehr.',
    rejoinLimit:
      'Jono: der Platz kann innerhalb von 10 Minuten zurückgenommen werden, einmal am Tag.',
    notTakingOrders: 'Jono: der Salon nimmt gerade keine Kunden an.',
    tooLate: 'Jono: mehr Zeit sind 15 oder 30 Minuten, z. B. SPÄTER 15.',
  },
  et: {
    checkedIn: 'Jono: aitäh, oled kohal registreeritud: {shop}.',
    deferred:
      'Jono: olgu, {minutes} minutit lisaaega. Sinu ooteaeg ({shop}) on nüüd umbes {wait} min.',
    cancelled: 'Jono: lahkusid järjekorrast: {shop}.',
    rejoined: 'Jono: oled taas järjekorras: {shop}, ooteaeg umbes {wait} min.',
    status: 'Jono: {shop}: sinu ees {ahead}, sinu kord {low}–{high} min pärast.',
    statusNoWait: 'Jono: {shop}: sinu ees {ahead}; ooteaega praegu anda ei saa.',
    help: 'Jono: vasta KOHAL, kui oled kohal, HILINEN 15 või LISAAEGA lisaaja jaoks, TÜHISTA lahkumiseks, TAGASI naasmiseks, OLEK ooteaja teada saamiseks.',
    noOrder: 'Jono: sellel numbril pole kohta järjekorras.',
    noFormerOrder: 'Jono: sellel numbril pole kohta, mida tagasi võtta.',
    deferLimit: 'Jono: lisaaega saab küsida kaks korda külastuse kohta.',
    timeSlot: 'Jono: lisaaega ei saa anda: juuksur suletakse enne seda.',
    notWaiting: 'Jono: sinu kohta ei saa praegu muuta: teenindus on alanud või kohta enam pole.',
    rejoinLimit: 'Jono: kohta saab tagasi võtta 10 minuti jooksul, kord päevas.',
    notTakingOrders: 'Jono: juuksur ei võta praegu kliente vastu.',
    tooLate: 'Jono: lisaaeg on 15 või 30 minutit, nt HILINEN 15.',
  },
};

/** The command of a reply and its minutes ("late 30"), or null (anything else: the help). */
export function parseReply(text: string): { command: ReplyCommand; minutes: number | null } | null {
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[.,!?;:"'()]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3) return null;
  const last = words[words.length - 1] ?? '';
  const number = /^\d{1,3}$/.test(last) ? Number(last) : null;
  const phrase = (number === null ? words : words.slice(0, -1)).join(' ');
  for (const language of Object.values(REPLY_WORDS)) {
    for (const [command, list] of Object.entries(language) as [ReplyCommand, readonly string[]][]) {
      if (!list.includes(phrase)) continue;
      // Only "late" takes minutes; "here 5" is not a command.
      if (number !== null && command !== 'late') return null;
      return { command, minutes: number };
    }
  }
  return null;
}

/** The answer's text in the language (two letters), English when there is none. */
export function replyText(
  language: string,
  answer: ReplyAnswer,
  vars: Record<string, string> = {},
): string {
  const texts = REPLY_TEXTS[language.slice(0, 2)] ?? REPLY_TEXTS.en;
  const template = texts?.[answer] ?? '';
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

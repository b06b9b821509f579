// The SMS a customer gets when an operator moves their order to another shop, in their language.
const TEXTS: Record<string, string> = {
  fi: 'Jono: siirsimme jonopaikkasi parturista {from} parturiin {to}, jossa odotus on lyhyempi. Odotettu aikasi säilyi. Jos haluat pysyä parturissa {from}, palaa sinne sovelluksessa.',
  et: 'Jono: viisime sinu järjekorrakoha juuksurist {from} juuksurisse {to}, kus ootamine on lühem. Oodatud aeg säilis. Kui soovid jääda juuksurisse {from}, mine sinna äpis tagasi.',
  en: 'Jono: we moved your place from {from} to {to}, where the wait is shorter. The time you already waited is kept. To stay at {from}, go back in the app.',
  nb: 'Jono: vi flyttet plassen din fra {from} til {to}, der ventetiden er kortere. Tiden du har ventet beholdes. Vil du bli hos {from}, gå tilbake i appen.',
  da: 'Jono: vi har flyttet din plads fra {from} til {to}, hvor ventetiden er kortere. Den tid, du har ventet, beholdes. Vil du blive hos {from}, så gå tilbage i appen.',
  de: 'Jono: Wir haben deinen Platz von {from} zu {to} verlegt, wo die Wartezeit kürzer ist. Die bereits gewartete Zeit bleibt erhalten. Um bei {from} zu bleiben, geh in der App zurück.',
  sv: 'Jono: vi flyttade din plats från {from} till {to}, där väntetiden är kortare. Tiden du redan väntat behålls. Vill du stanna hos {from}, gå tillbaka i appen.',
};

export function moveText(appLanguage: string, from: string, to: string): string {
  const template = TEXTS[appLanguage.slice(0, 2)] ?? TEXTS.en ?? '';
  return template.replaceAll('{from}', from).replaceAll('{to}', to);
}

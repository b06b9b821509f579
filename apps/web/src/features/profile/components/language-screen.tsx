// /profile/language: the interface language and the country (market), two separate choices.
// The menu offers fi, en and ee plus the country's own language; ee also sets the market EE
// (section 9), and from there the way back to the market left is offered. A logged-in
// customer's language is saved to the profile too.
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  APP_LANGUAGE_OF,
  COUNTRY_TO_LANGUAGE,
  MENU_LANGUAGES,
  type Language,
} from '@jono/contract';
import { CountryPicker } from '../../../components/ui/country-picker';
import { useLocaleStore } from '../../../lib/locale-store';
import { changeMarket } from '../../../lib/market-shelf';
import { paths } from '../../../lib/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { applyLanguage, LANGUAGE_NAMES } from '../../account/language';
import { ScreenHeader } from '../../account/components/screen-header';
import { useUpdateProfile } from '../api/update-profile';

/** The menu's languages, the country's own and the current one, each once. */
export function languageOptions(current: Language, countryLanguage: Language | undefined) {
  const options: Language[] = [...MENU_LANGUAGES];
  for (const extra of [countryLanguage, current]) {
    if (extra && !options.includes(extra)) options.push(extra);
  }
  return options;
}

export function LanguageScreen() {
  const { t } = useTranslation('profile');
  const current = useLocaleStore((s) => s.language);
  const locale = useLocaleStore((s) => s.locale);
  const previous = useLocaleStore((s) => s.previousLocale);
  const loggedIn = useIsLoggedIn();
  const update = useUpdateProfile();
  // The chosen radio is checked at once; the store follows once the language's texts load
  // (and the choice falls back to the current language if they cannot be loaded).
  const [pending, setPending] = useState<Language | null>(null);
  const shown = pending ?? current;
  const choose = (language: Language) => {
    setPending(language);
    void applyLanguage(language)
      .catch(() => undefined)
      .finally(() => setPending(null));
    if (loggedIn) update.mutate({ app_language: APP_LANGUAGE_OF[language] });
  };
  const options = languageOptions(current, COUNTRY_TO_LANGUAGE[locale]);
  return (
    <main className="screen account-screen">
      <ScreenHeader
        title={t('common:market.languageAndCountry')}
        fallback={loggedIn ? paths.profile.href() : paths.home.href()}
      />
      <fieldset className="language-list">
        <legend>{t('language.title')}</legend>
        {options.map((language) => (
          <label key={language} className="language-list__option">
            <input
              type="radio"
              name="language"
              value={language}
              checked={shown === language}
              onChange={() => choose(language)}
            />
            <span lang={language === 'ee' ? 'et' : language === 'dk' ? 'da' : language}>
              {LANGUAGE_NAMES[language]}
            </span>
          </label>
        ))}
      </fieldset>
      {locale === 'EE' && previous && current !== 'ee' ? (
        <div className="notice" role="status">
          <p>{t('common:market.current', { country: t('common:countries.EE') })}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => changeMarket(() => useLocaleStore.getState().setLocale(previous))}
          >
            {t('common:market.returnTo', { country: t(`common:countries.${previous}`) })}
          </button>
        </div>
      ) : null}
      <CountryPicker variant="list" />
    </main>
  );
}

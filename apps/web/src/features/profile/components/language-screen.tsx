// /profile/language: the menu languages fi, en and ee (ee also sets the locale EE). A logged-in
// customer's choice is saved to the profile too.
import { useTranslation } from '../../../lib/use-translation';
import { APP_LANGUAGE_OF, MENU_LANGUAGES, type Language } from '@jono/contract';
import { useLocaleStore } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { applyLanguage, LANGUAGE_NAMES } from '../../account/language';
import { ScreenHeader } from '../../account/components/screen-header';
import { useUpdateProfile } from '../api/update-profile';

export function LanguageScreen() {
  const { t } = useTranslation('profile');
  const current = useLocaleStore((s) => s.language);
  const loggedIn = useIsLoggedIn();
  const update = useUpdateProfile();
  const choose = (language: Language) => {
    void applyLanguage(language);
    if (loggedIn) update.mutate({ app_language: APP_LANGUAGE_OF[language] });
  };
  const options = MENU_LANGUAGES.includes(current) ? MENU_LANGUAGES : [...MENU_LANGUAGES, current];
  return (
    <main className="screen account-screen">
      <ScreenHeader
        title={t('language.title')}
        fallback={loggedIn ? paths.profile.href() : paths.home.href()}
      />
      <fieldset className="language-list">
        <legend className="visually-hidden">{t('language.title')}</legend>
        {options.map((language) => (
          <label key={language} className="language-list__option">
            <input
              type="radio"
              name="language"
              value={language}
              checked={current === language}
              onChange={() => choose(language)}
            />
            <span lang={language === 'ee' ? 'et' : language === 'dk' ? 'da' : language}>
              {LANGUAGE_NAMES[language]}
            </span>
          </label>
        ))}
      </fieldset>
    </main>
  );
}

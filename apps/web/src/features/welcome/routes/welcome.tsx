// PLACEHOLDER (part 2 replaces it with the carousel): the welcome screen's two buttons, which also
// set the welcome-seen flag so the start gate lets the customer through.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export function WelcomeRoute() {
  const { t } = useTranslation();
  const seen = () => writeStorage(STORAGE_KEYS.welcomeSeen, true);
  return (
    <main className="screen screen--centered welcome-placeholder" data-placeholder="welcome">
      <h1 className="brand">{t('appName')}</h1>
      <p>{t('placeholder.welcome')}</p>
      <div className="stack">
        <Link className="button button--primary" to={paths.root.href()} onClick={seen}>
          {t('placeholder.findShop')}
        </Link>
        <Link className="button button--secondary" to={paths.login.href()} onClick={seen}>
          {t('nav.login')}
        </Link>
      </div>
    </main>
  );
}

// /login: logo, language link, the login form with remember-login, cookie settings and links to
// registration, recovery and information; afterwards tracking when an order is active, else home.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { BackButton } from '../../../components/ui/back-button';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { paths, type NavigationState } from '../../../lib/paths';
import { CookieSettingsDialog } from '../../account/components/cookie-settings-dialog';
import { Logo } from '../../account/components/logo';
import { LoginForm } from '../components/login-form';
import '../../account/account.css';

export function LoginRoute() {
  const { t } = useTranslation(['auth', 'account']);
  const navigate = useNavigate();
  const [cookiesOpen, setCookiesOpen] = useState(false);
  return (
    <main className="screen account-screen login-screen">
      <header className="screen__header">
        <BackButton fallback={paths.root.href()} />
        <Link className="screen__header-link" to={paths.profileLanguage.href()}>
          {t('common:language')}
        </Link>
      </header>
      <Logo />
      <h1>{t('login.title')}</h1>
      <LoginForm
        onSuccess={(profile) => {
          const state: NavigationState = { transition: 'slide-right' };
          if (profile.active_order_id) {
            void navigate(paths.tracking.href(), { state });
          } else {
            useActiveOrderStore.getState().clearOrder();
            void navigate(paths.home.href(), { state });
          }
        }}
      />
      <p className="login-screen__links">
        <Link to={paths.register.href()}>{t('login.register')}</Link>
        <Link to={paths.recovery.href()}>{t('login.forgotPassword')}</Link>
      </p>
      <footer className="login-screen__footer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setCookiesOpen(true)}
        >
          {t('account:cookies.button')}
        </button>
        <nav className="login-screen__footer-links" aria-label={t('account:login.moreLinks')}>
          <Link to={`${paths.information.href()}#cookies`}>{t('account:cookies.policyLink')}</Link>
          <Link to={paths.information.href()}>{t('account:login.information')}</Link>
          <Link to={paths.help.href()}>{t('account:login.help')}</Link>
        </nav>
      </footer>
      {cookiesOpen ? <CookieSettingsDialog open onClose={() => setCookiesOpen(false)} /> : null}
    </main>
  );
}

// /login: the login form; afterwards tracking when an order is active, else home.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/ui/back-button';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { paths, type NavigationState } from '../../../lib/paths';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <main className="screen login-screen">
      <header className="screen__header">
        <BackButton fallback={paths.root.href()} />
        <Link className="screen__header-link" to={paths.profileLanguage.href()}>
          {t('common:language')}
        </Link>
      </header>
      <p className="brand" aria-hidden="true">
        {t('common:appName')}
      </p>
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
    </main>
  );
}

// The bottom navigation bar; a guest's login item opens the login form as an overlay.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../components/ui/link';
import { useTranslation } from '../lib/use-translation';
import { i18next } from '../lib/i18n';
import { useLocale } from '../lib/locale-store';
import { paths } from '../lib/paths';
import { useIsLoggedIn } from '../lib/session-store';
import { navItems, type NavigationGroup } from './navigation';
import { IconHome, IconLogIn, IconStar, IconUser } from '@jono/ui';

// The form and its translations load only when a guest opens it.
const LoginDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/auth/components/login-dialog'),
    i18next.loadNamespaces(['auth', 'account']),
  ]);
  return { default: module.LoginDialog };
});

const ICONS = { home: IconHome, bonus: IconStar, profile: IconUser, login: IconLogIn } as const;

function NavIcon({ item }: { item: keyof typeof ICONS }) {
  const Icon = ICONS[item];
  return <Icon className="nav-bar__icon" />;
}

export function NavigationBar({ group }: { group: NavigationGroup }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [loginOpen, setLoginOpen] = useState(false);

  return (
    <nav className="nav-bar" aria-label={t('nav.label')} data-group={group}>
      <ul className="nav-bar__items">
        {navItems(loggedIn, locale).map((item) => (
          <li key={item}>
            {item === 'login' ? (
              <button type="button" className="nav-bar__item" onClick={() => setLoginOpen(true)}>
                <IconLogIn className="nav-bar__icon" />
                {t('nav.login')}
              </button>
            ) : (
              <Link
                className="nav-bar__item"
                to={paths[item].href()}
                aria-current={
                  (item === 'home' && (pathname === '/' || pathname.startsWith('/home'))) ||
                  (item !== 'home' && pathname.startsWith(paths[item].path))
                    ? 'page'
                    : undefined
                }
              >
                <NavIcon item={item} />
                {t(`nav.${item}`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginDialog
            open
            onClose={() => setLoginOpen(false)}
            onSuccess={() => setLoginOpen(false)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

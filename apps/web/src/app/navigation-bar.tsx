// The bottom navigation bar; a guest's login item opens the login form as an overlay.
import { lazy, Suspense, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { i18next } from '../lib/i18n';
import { useLocale } from '../lib/locale-store';
import { paths } from '../lib/paths';
import { useIsLoggedIn } from '../lib/session-store';
import { navItems, type NavigationGroup } from './navigation';

// The form and its translations load only when a guest opens it.
const LoginDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/auth/components/login-dialog'),
    i18next.loadNamespaces(['auth', 'account']),
  ]);
  return { default: module.LoginDialog };
});

const ICONS = { home: '⌂', bonus: '★', profile: '☺', login: '→' } as const;

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
                <span className="nav-bar__icon" aria-hidden="true">
                  {ICONS.login}
                </span>
                {t('nav.login')}
              </button>
            ) : (
              <NavLink
                className="nav-bar__item"
                to={paths[item].href()}
                aria-current={
                  (item === 'home' && (pathname === '/' || pathname.startsWith('/home'))) ||
                  (item !== 'home' && pathname.startsWith(paths[item].path))
                    ? 'page'
                    : undefined
                }
              >
                <span className="nav-bar__icon" aria-hidden="true">
                  {ICONS[item]}
                </span>
                {t(`nav.${item}`)}
              </NavLink>
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

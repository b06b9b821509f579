// The frame of every signed-in screen: skip link, navigation, who is signed in, language, sign out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LanguageSelect } from '../features/auth/components/language-select';
import { useLanguage } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { logout } from '../features/auth/api/logout';

export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const manager = session?.staff.role === 'manager';
  // The catalogue and notices come in the console's language: fetch them again when it changes.
  const language = useLanguage();
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('common.brand')}</span>
        <nav aria-label={t('nav.label')} className="topbar__nav">
          <NavLink to={paths.board} end>
            {t('nav.board')}
          </NavLink>
          {manager && <NavLink to={paths.summary}>{t('nav.summary')}</NavLink>}
          {manager && <NavLink to={paths.manage}>{t('nav.manage')}</NavLink>}
        </nav>
        <div className="topbar__user">
          {session && (
            <span className="muted topbar__who">
              {t('nav.signedInAs', {
                name: session.staff.name,
                role: t(`roles.${session.staff.role}`),
              })}
            </span>
          )}
          <LanguageSelect compact />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              void logout().then(() => queryClient.clear());
            }}
          >
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="content">
        <Outlet />
      </main>
    </div>
  );
}

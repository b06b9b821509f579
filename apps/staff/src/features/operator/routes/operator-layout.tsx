// /operator: the chain's control room (lazy-loaded: staff never download it). Its own frame:
// skip link, navigation between the board, accuracy, forecast and charts, who is signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';
import { LanguageSelect } from '../../auth/components/language-select';
import { paths } from '../../../lib/paths';
import { signOutOperator, useOperatorSession } from '../../../lib/operator-session';
import '../operator.css';

export function OperatorLayout() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const queryClient = useQueryClient();
  if (!session) return <Navigate to={paths.login} replace />;
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('common.brand')}</span>
        <nav aria-label={t('nav.label')} className="topbar__nav">
          <NavLink to={paths.operator} end>
            {t('operator.nav.board')}
          </NavLink>
          <NavLink to={paths.operatorAccuracy}>{t('operator.nav.accuracy')}</NavLink>
          <NavLink to={paths.operatorForecast}>{t('operator.nav.forecast')}</NavLink>
          <NavLink to={paths.operatorCharts}>{t('operator.nav.charts')}</NavLink>
          {session.operator.markets.length > 1 && (
            <NavLink to={paths.operatorAccounts}>{t('operator.nav.accounts')}</NavLink>
          )}
        </nav>
        <div className="topbar__user">
          <span className="muted topbar__who">
            {t('nav.signedInAs', {
              name: session.operator.name,
              role:
                session.operator.markets.length > 1
                  ? t('operator.role.chain')
                  : t('operator.role.market', {
                      market: t(`markets.${session.operator.markets[0] ?? session.market}`),
                    }),
            })}
          </span>
          <LanguageSelect compact />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              signOutOperator();
              queryClient.clear();
            }}
          >
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="content">
        <Outlet context={session} />
      </main>
    </div>
  );
}

// /manage: the manager's settings, one tab per subject.
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../lib/paths';

const TABS = [
  { to: paths.hours, key: 'manage.tabs.hours' },
  { to: paths.services, key: 'manage.tabs.services' },
  { to: paths.details, key: 'manage.tabs.details' },
  { to: paths.barbers, key: 'manage.tabs.barbers' },
  { to: paths.rota, key: 'manage.tabs.rota' },
  { to: paths.accounts, key: 'manage.tabs.accounts' },
  { to: paths.messages, key: 'manage.tabs.messages' },
  { to: paths.devices, key: 'manage.tabs.devices' },
] as const;

export function ManageRoute() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('manage.title')}</h1>
      <nav aria-label={t('manage.title')} className="tabs">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="tabs__item">
            {t(tab.key)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

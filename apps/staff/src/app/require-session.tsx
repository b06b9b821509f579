// Guards signed-in screens (and manager-only ones): without a session, go to the login.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';

export function RequireSession({
  children,
  manager = false,
}: {
  children: ReactNode;
  manager?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (manager && session.staff.role !== 'manager') {
    return (
      <div className="state state--error" role="alert">
        <p>{t('errors.managersOnly')}</p>
        <Link to="/">{t('notFound.back')}</Link>
      </div>
    );
  }
  return children;
}

// Access rule of login-only routes: a guest is sent to "/".
import { Navigate, Outlet } from 'react-router';
import { paths } from '../lib/paths';
import { useIsLoggedIn } from '../lib/session-store';

export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <Outlet /> : <Navigate to={paths.root.href()} replace />;
}

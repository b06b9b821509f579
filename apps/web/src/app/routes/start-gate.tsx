// "/": a loader while the profile loads, then tracking, recovery, welcome or the home screen.
import { Navigate } from 'react-router';
import { Loader } from '../../components/ui/loader';
import { useProfile } from '../../features/auth/api/get-profile';
import { HomeRoute } from '../../features/shops/routes/home';
import { paths } from '../../lib/paths';
import { useIsLoggedIn } from '../../lib/session-store';
import { hasValidRecovery, welcomeSeen } from '../../lib/storage';
import { startGate } from '../start-gate';

export function StartGateRoute() {
  const loggedIn = useIsLoggedIn();
  const profile = useProfile();
  const target = startGate({
    loggedIn,
    profileLoading: profile.isPending && profile.fetchStatus !== 'idle',
    activeOrderId: profile.data?.active_order_id,
    validRecovery: hasValidRecovery(),
    welcomeSeen: welcomeSeen(),
  });
  switch (target) {
    case 'loading':
      return <Loader />;
    case 'tracking':
      return <Navigate to={paths.tracking.href()} replace />;
    case 'recovery':
      return <Navigate to={paths.recovery.href()} replace />;
    case 'welcome':
      return <Navigate to={paths.welcome.href()} replace />;
    case 'home':
      return <HomeRoute />;
  }
}

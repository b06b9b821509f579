// The app shell: the page with its slide transition, the navigation bar, the floating tracking
// button and the notification banner.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../components/ui/loader';
import { useActiveOrderStore } from '../lib/active-order-store';
import { recordVisit } from '../lib/navigation-history';
import { showsNavigation, showsTrackingButton, type NavigationState } from '../lib/paths';
import { useIsLoggedIn } from '../lib/session-store';
import { useFocusHeading } from '../lib/use-focus-heading';
import { useActiveOrderId } from '../features/tracking/hooks/use-active-order-id';
import { navigationGroup } from './navigation';
import { NavigationBar } from './navigation-bar';
import { NotificationBanner } from './notification-banner';
import { SessionSync } from './session-sync';
import { TrackingButton } from './tracking-button';

export function RootLayout() {
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const activeOrderId = useActiveOrderId();
  const checkedIn = useActiveOrderStore((s) => s.order?.checkedIn ?? false);
  const group = navigationGroup({ loggedIn, hasActiveOrder: activeOrderId !== null, checkedIn });
  const transition = (location.state as NavigationState | null)?.transition ?? 'slide-right';
  const withNav = showsNavigation(location.pathname);
  const withTrackingButton = showsTrackingButton(location.pathname, activeOrderId !== null);

  useEffect(() => {
    recordVisit(location.pathname);
    // In the next frame, whose layout it then shares: called here, scrolling would lay the page
    // out at once, inside the task that committed it (a first visit's longest task).
    const frame = requestAnimationFrame(() => window.scrollTo({ top: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);
  useFocusHeading(location.pathname);

  return (
    <div
      className={`app${withNav ? ' app--with-nav' : ''}${withTrackingButton ? ' app--with-tracking-button' : ''}`}
    >
      <SessionSync />
      <NotificationBanner />
      {/* Outside the keyed page: while the next screen's code loads, the current one stays. */}
      <Suspense fallback={<Loader />}>
        <div key={location.pathname} className={`page page--${transition}`}>
          <Outlet />
        </div>
      </Suspense>
      {withTrackingButton ? <TrackingButton group={group} /> : null}
      {withNav ? <NavigationBar group={group} /> : null}
    </div>
  );
}

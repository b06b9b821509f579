// Every route of section 2 with its access rule; screens load on demand. Declarative routes
// (<Routes>), not the data router: the app uses no loaders or actions, and the data router
// would add about 15 kB gzip to every first screen.
import { lazy, Suspense, type ComponentType } from 'react';
import { Loader } from '../components/ui/loader';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SHOP_PAGE_NAMESPACES, TRACKING_NAMESPACES, WELCOME_NAMESPACES } from '../lib/i18n';
import { paths } from '../lib/paths';
import { RouteErrorBoundary } from './error-boundary';
import { RequireLogin } from './require-login';
import { RootLayout } from './root-layout';
import { lazyScreen } from '../features/account/lazy-screen';
// The shop list is the start screen: it is part of the first-screen chunk (vite.config.ts).
import { HomeRoute as Home } from '../features/shops/routes/home';

/** A screen loaded on first use (with its translations when lazyScreen made the loader). */
const screen = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(async () => ({ default: (await load()).Component }));

const StartGate = screen(async () => ({
  Component: (await import('./routes/start-gate')).StartGateRoute,
}));
const NotFound = screen(async () => ({
  Component: (await import('./routes/not-found')).NotFoundRoute,
}));
const ShopPage = screen(
  lazyScreen(
    SHOP_PAGE_NAMESPACES,
    async () => (await import('../features/order/routes/shop-page')).ShopPageRoute,
  ),
);
const Login = screen(
  lazyScreen(
    ['auth', 'account'],
    async () => (await import('../features/auth/routes/login')).LoginRoute,
  ),
);
const Register = screen(
  lazyScreen(
    ['account'],
    async () => (await import('../features/register/routes/register')).RegisterRoute,
  ),
);
const Recovery = screen(
  lazyScreen(
    ['account'],
    async () => (await import('../features/recovery/routes/recovery')).RecoveryRoute,
  ),
);
const Welcome = screen(
  lazyScreen(
    WELCOME_NAMESPACES,
    async () => (await import('../features/welcome/routes/welcome')).WelcomeRoute,
  ),
);
const welcomePage = (name: 'TutorialRoute' | 'HelpRoute' | 'InformationRoute' | 'InstallRoute') =>
  screen(
    lazyScreen(
      WELCOME_NAMESPACES,
      async () => (await import('../features/welcome/routes/pages'))[name],
    ),
  );
const Tutorial = welcomePage('TutorialRoute');
const Help = welcomePage('HelpRoute');
const Information = welcomePage('InformationRoute');
const Install = welcomePage('InstallRoute');
const Tracking = screen(
  lazyScreen(
    TRACKING_NAMESPACES,
    async () => (await import('../features/tracking/routes/tracking')).TrackingRoute,
  ),
);
const Receipt = screen(
  lazyScreen(
    ['profile'],
    async () => (await import('../features/receipt/routes/receipt')).ReceiptRoute,
  ),
);
const Bonus = screen(
  lazyScreen(['bonus'], async () => (await import('../features/bonus/routes/bonus')).BonusRoute),
);
const Profile = screen(
  lazyScreen(
    ['account', 'profile'],
    async () => (await import('../features/profile/routes/profile')).ProfileRoute,
  ),
);
const ProfileSub = screen(
  lazyScreen(
    // tracking: the visit history offers to take a place back (rejoin-button.tsx).
    ['account', 'profile', 'tracking'],
    async () => (await import('../features/profile/routes/profile-sub')).ProfileSubRoute,
  ),
);

// The shop's display screen and door kiosk: full-screen devices, outside the app's shell.
const Display = screen(
  lazyScreen(
    ['device', 'barbers'],
    async () => (await import('../features/devices/routes/display')).DisplayRoute,
  ),
);
const Kiosk = screen(
  lazyScreen(
    ['device', 'barbers'],
    async () => (await import('../features/devices/routes/kiosk')).KioskRoute,
  ),
);

const strip = (path: string) => path.replace(/^\//, '');

const PROFILE_SUBSCREENS = [
  paths.profileMessages,
  paths.profileEmail,
  paths.profileEmailPermission,
  paths.profileCredits,
  paths.profilePassword,
  paths.profileNotifications,
  paths.profileHistory,
];

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route
          path={paths.display.path}
          element={
            <Suspense fallback={<Loader />}>
              <Display />
            </Suspense>
          }
        />
        <Route
          path={paths.kiosk.path}
          element={
            <Suspense fallback={<Loader />}>
              <Kiosk />
            </Suspense>
          }
        />
        <Route path="/" element={<RootLayout />}>
          <Route index element={<StartGate />} />
          <Route path={strip(paths.home.path)} element={<Home />} />
          <Route path={strip(paths.shops.path)} element={<Home />} />
          <Route path={strip(paths.shop.path)} element={<ShopPage />} />
          <Route path={strip(paths.notFound.path)} element={<NotFound />} />
          <Route path={strip(paths.login.path)} element={<Login />} />
          <Route path={strip(paths.register.path)} element={<Register />} />
          <Route path={strip(paths.recovery.path)} element={<Recovery />} />
          <Route path={strip(paths.welcome.path)} element={<Welcome />} />
          <Route path={strip(paths.tutorial.path)} element={<Tutorial />} />
          <Route path={strip(paths.help.path)} element={<Help />} />
          <Route path={strip(paths.information.path)} element={<Information />} />
          <Route path={strip(paths.install.path)} element={<Install />} />
          <Route path={strip(paths.profileLanguage.path)} element={<ProfileSub />} />
          <Route element={<RequireLogin />}>
            <Route path={strip(paths.tracking.path)} element={<Tracking />} />
            <Route
              path={strip(paths.orderConfirm.path)}
              element={<Navigate to={paths.tracking.href()} replace />}
            />
            <Route path={strip(paths.receipt.path)} element={<Receipt />} />
            <Route path={strip(paths.bonus.path)} element={<Bonus />} />
            <Route path={strip(paths.profile.path)} element={<Profile />} />
            {PROFILE_SUBSCREENS.map((p) => (
              <Route key={p.path} path={strip(p.path)} element={<ProfileSub />} />
            ))}
          </Route>
          {/* Any unknown path shows the shop list. */}
          <Route path="*" element={<Home />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

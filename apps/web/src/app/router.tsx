// Every route of section 2 with its access rule; screens load on demand.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Loader } from '../components/ui/loader';
import { paths } from '../lib/paths';
import { RouteErrorScreen } from './error-boundary';
import { RequireLogin } from './require-login';
import { RootLayout } from './root-layout';
import { NotFoundRoute } from './routes/not-found';
import { lazyScreen } from '../features/account/lazy-screen';

const home = async () => ({ Component: (await import('../features/shops/routes/home')).HomeRoute });
const profileSub = lazyScreen(
  ['account', 'profile'],
  async () => (await import('../features/profile/routes/profile-sub')).ProfileSubRoute,
);
const welcomeScreen = (name: 'TutorialRoute' | 'HelpRoute' | 'InformationRoute' | 'InstallRoute') =>
  lazyScreen(['welcome'], async () => (await import('../features/welcome/routes/pages'))[name]);
const strip = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: Loader,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/start-gate')).StartGateRoute }),
      },
      { path: strip(paths.home.path), lazy: home },
      { path: strip(paths.shops.path), lazy: home },
      {
        path: strip(paths.shop.path),
        lazy: lazyScreen(
          ['order', 'auth'],
          async () => (await import('../features/order/routes/shop-page')).ShopPageRoute,
        ),
      },
      { path: strip(paths.notFound.path), Component: NotFoundRoute },
      {
        path: strip(paths.login.path),
        lazy: lazyScreen(
          ['auth', 'account'],
          async () => (await import('../features/auth/routes/login')).LoginRoute,
        ),
      },
      {
        path: strip(paths.register.path),
        lazy: lazyScreen(
          ['account'],
          async () => (await import('../features/register/routes/register')).RegisterRoute,
        ),
      },
      {
        path: strip(paths.recovery.path),
        lazy: lazyScreen(
          ['account'],
          async () => (await import('../features/recovery/routes/recovery')).RecoveryRoute,
        ),
      },
      {
        path: strip(paths.welcome.path),
        lazy: lazyScreen(
          ['welcome'],
          async () => (await import('../features/welcome/routes/welcome')).WelcomeRoute,
        ),
      },
      { path: strip(paths.tutorial.path), lazy: welcomeScreen('TutorialRoute') },
      { path: strip(paths.help.path), lazy: welcomeScreen('HelpRoute') },
      { path: strip(paths.information.path), lazy: welcomeScreen('InformationRoute') },
      { path: strip(paths.install.path), lazy: welcomeScreen('InstallRoute') },
      { path: strip(paths.profileLanguage.path), lazy: profileSub },
      {
        Component: RequireLogin,
        children: [
          {
            path: strip(paths.tracking.path),
            lazy: lazyScreen(
              ['tracking'],
              async () => (await import('../features/tracking/routes/tracking')).TrackingRoute,
            ),
          },
          {
            path: strip(paths.orderConfirm.path),
            element: <Navigate to={paths.tracking.href()} replace />,
          },
          {
            path: strip(paths.receipt.path),
            lazy: lazyScreen(
              ['profile'],
              async () => (await import('../features/receipt/routes/receipt')).ReceiptRoute,
            ),
          },
          {
            path: strip(paths.bonus.path),
            lazy: lazyScreen(
              ['bonus'],
              async () => (await import('../features/bonus/routes/bonus')).BonusRoute,
            ),
          },
          {
            path: strip(paths.profile.path),
            lazy: lazyScreen(
              ['account', 'profile'],
              async () => (await import('../features/profile/routes/profile')).ProfileRoute,
            ),
          },
          ...[
            paths.profileMessages,
            paths.profileEmail,
            paths.profileEmailPermission,
            paths.profileCredits,
            paths.profilePassword,
            paths.profileNotifications,
            paths.profileHistory,
          ].map((p) => ({ path: strip(p.path), lazy: profileSub })),
        ],
      },
      // Any unknown path shows the shop list.
      { path: '*', lazy: home },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

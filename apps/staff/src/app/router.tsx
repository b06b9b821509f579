// Routes of the console under /staff/; manager screens, the summary and the operators' pages load
// on demand.
import { createBrowserRouter, Navigate } from 'react-router';
import { env } from '../config/env';
import { LoginRoute } from '../features/auth/routes/login';
import { BoardRoute } from '../features/board/routes/board';
import { paths } from '../lib/paths';
import { RequireSession } from './require-session';
import { NotFoundRoute } from './routes/not-found';
import { Shell } from './shell';

export function createAppRouter() {
  return createBrowserRouter(
    [
      { path: paths.login, element: <LoginRoute /> },
      {
        // The chain's control room: its own session and frame, loaded only by operators.
        path: paths.operator,
        lazy: async () => ({
          Component: (await import('../features/operator/routes/operator-layout')).OperatorLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/operator/routes/chain-board')).ChainBoardRoute,
            }),
          },
          {
            path: 'accuracy',
            lazy: async () => ({
              Component: (await import('../features/operator/routes/accuracy')).AccuracyRoute,
            }),
          },
          {
            path: 'forecast',
            lazy: async () => ({
              Component: (await import('../features/operator/routes/forecast')).ForecastRoute,
            }),
          },
          {
            path: 'charts',
            lazy: async () => ({
              Component: (await import('../features/operator/routes/charts')).ChartsRoute,
            }),
          },
          {
            path: 'accounts',
            lazy: async () => ({
              Component: (await import('../features/operator/routes/accounts')).AccountsRoute,
            }),
          },
        ],
      },
      {
        path: '/',
        element: (
          <RequireSession>
            <Shell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <BoardRoute /> },
          {
            path: 'summary',
            lazy: async () => {
              const { SummaryRoute } = await import('../features/summary/routes/summary');
              return {
                element: (
                  <RequireSession manager>
                    <SummaryRoute />
                  </RequireSession>
                ),
              };
            },
          },
          {
            path: 'manage',
            lazy: async () => {
              const { ManageRoute } = await import('../features/manage/routes/manage');
              return {
                element: (
                  <RequireSession manager>
                    <ManageRoute />
                  </RequireSession>
                ),
              };
            },
            children: [
              { index: true, element: <Navigate to={paths.hours} replace /> },
              {
                path: 'hours',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/hours')).HoursRoute,
                }),
              },
              {
                path: 'services',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/services')).ServicesRoute,
                }),
              },
              {
                path: 'details',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/details')).DetailsRoute,
                }),
              },
              {
                path: 'barbers',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/barbers')).BarbersRoute,
                }),
              },
              {
                path: 'rota',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/rota')).RotaRoute,
                }),
              },
              {
                path: 'accounts',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/accounts')).AccountsRoute,
                }),
              },
              {
                path: 'messages',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/messages')).MessagesRoute,
                }),
              },
              {
                path: 'devices',
                lazy: async () => ({
                  Component: (await import('../features/manage/routes/devices')).DevicesRoute,
                }),
              },
              // Any other manager address: refused to a barber like every manager page (the
              // guard above), not found for a manager.
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: env.basename },
  );
}

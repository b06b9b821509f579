// Renders routes inside the app's providers and shell pieces, in a memory router.
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@jono/api-client';
import { AppProvider } from '../app/provider';
import { NotificationBanner } from '../app/notification-banner';

/** A query client as the tests use it: no retries, no polling. */
export function testQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchInterval: false } });
  return queryClient;
}

/** queryClient: one already holding answers, as main.tsx's early fetch leaves it on a first visit. */
export function renderRoutes(
  routes: RouteObject[],
  initialPath: string,
  queryClient: QueryClient = testQueryClient(),
) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NotificationBanner />
            <Outlet />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [initialPath] },
  );
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

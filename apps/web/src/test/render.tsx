// Renders routes inside the app's providers and shell pieces, in a memory router.
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '@jono/api-client';
import { AppProvider } from '../app/provider';
import { NotificationBanner } from '../app/notification-banner';

export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchInterval: false } });
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

// App-wide providers: server-state cache, notices, and the top-level error boundary.
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from '@jono/api-client';
import { Toaster } from '@jono/ui';
import { AppErrorBoundary } from './error-boundary';

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <AppErrorBoundary>
      <QueryProvider queryClient={queryClient}>
        <Toaster>{children}</Toaster>
      </QueryProvider>
    </AppErrorBoundary>
  );
}

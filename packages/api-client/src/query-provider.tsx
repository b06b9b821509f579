// The server-state cache both apps keep their API answers in, with the same defaults: refetch when
// the window regains focus, never poll in the background, one retry for queries, none for changes.
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: true, refetchIntervalInBackground: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/** Provides the given cache (tests, or one made early at start) or a new one. */
export function QueryProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

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

export interface QueryProviderProps {
  children: ReactNode;
  /** A cache made earlier (at start, to prefetch; in tests); a new one when not given. */
  queryClient?: QueryClient;
}

/** Provides the given cache or a new one. */
export function QueryProvider({ children, queryClient }: QueryProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

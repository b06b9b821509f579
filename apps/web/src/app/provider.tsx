// App-wide providers: server-state cache, the shared primitives' texts and the top-level error
// boundary.
import { QueryProvider, type QueryProviderProps } from '@jono/api-client';
import { UiLabelsProvider } from '@jono/ui';
import { useTranslation } from '../lib/use-translation';
import { AppErrorBoundary } from './error-boundary';

export function AppProvider({ children, queryClient }: QueryProviderProps) {
  const { t } = useTranslation();
  return (
    <AppErrorBoundary>
      <UiLabelsProvider labels={{ close: t('close') }}>
        <QueryProvider queryClient={queryClient}>{children}</QueryProvider>
      </UiLabelsProvider>
    </AppErrorBoundary>
  );
}

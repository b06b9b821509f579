// App-wide providers: the shared primitives' texts, notices, server-state cache and the top-level
// error boundary.
import { useTranslation } from 'react-i18next';
import { QueryProvider, type QueryProviderProps } from '@jono/api-client';
import { Toaster, UiLabelsProvider } from '@jono/ui';
import { AppErrorBoundary } from './error-boundary';

export function AppProvider({ children, queryClient }: QueryProviderProps) {
  const { t } = useTranslation();
  const labels = { close: t('common.close') };
  return (
    <AppErrorBoundary>
      <UiLabelsProvider labels={labels}>
        <Toaster>
          <QueryProvider queryClient={queryClient}>{children}</QueryProvider>
        </Toaster>
      </UiLabelsProvider>
    </AppErrorBoundary>
  );
}

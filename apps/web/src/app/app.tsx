// The customer app: providers around the router.
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppExtras } from '../features/account/app-extras';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppExtras />
    </AppProvider>
  );
}

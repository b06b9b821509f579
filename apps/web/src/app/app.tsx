// The customer app: providers around the router.
import { BrowserRouter } from 'react-router';
import { AppExtras } from '../features/account/app-extras';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppExtras />
    </AppProvider>
  );
}

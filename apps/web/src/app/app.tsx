// The customer app: providers around the router.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppExtras } from '../features/account/app-extras';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <AppExtras />
    </AppProvider>
  );
}

// Entry: load the language, then render the console.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/app';
import { initI18n, languageStore } from './lib/i18n';
import '@jono/ui/styles.css';
import './styles/index.css';

// zod would probe `new Function` for its fast path, which the CSP (no 'unsafe-eval') reports.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (root) {
  void initI18n(languageStore.get()).finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

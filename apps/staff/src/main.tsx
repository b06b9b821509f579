// Entry: load the language, then render the console.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, languageStore } from './lib/i18n';
import './styles/index.css';

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

// Entry: load the language, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18next, initI18n, setDocumentLanguage } from './lib/i18n';
import { useLocaleStore } from './lib/locale-store';
import { makeZodJitless } from './lib/zod-jitless';
import './styles/index.css';

makeZodJitless();

const { language, locale } = useLocaleStore.getState();
setDocumentLanguage(language, locale);
useLocaleStore.subscribe((s) => {
  setDocumentLanguage(s.language, s.locale);
  if (i18next.isInitialized && i18next.language !== s.language)
    void i18next.changeLanguage(s.language);
});

const root = document.getElementById('root');
if (root) {
  void initI18n(language).finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

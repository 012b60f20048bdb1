import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../client/styles.css';
import '../app.css';
import { LanguageProvider, initialLanguage } from '../../client/text.js';
import { App } from './App.js';

const lang = initialLanguage(window.location.search);
document.documentElement.lang = lang;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LanguageProvider initial={lang}>
      <App />
    </LanguageProvider>
  </StrictMode>,
);

// The service worker keeps the app working offline after one visit (not in the dev server).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
  });
}

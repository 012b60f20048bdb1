import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadPage } from './AppRoutes.js';
import { changeLanguage, initialLanguage, setupI18n, storedLanguage } from './i18n.js';
import { listenForInstallPrompt } from './layout/install.js';
import { LAZY_PAGES } from './pages/registry.js';
import { Site } from './Site.js';
import '../client/styles.css';

listenForInstallPrompt();

const container = document.getElementById('root')!;
const prerendered = container.hasChildNodes();
const lang = initialLanguage(window.location.search, prerendered ? document.documentElement.lang : undefined);
const i18n = await setupI18n(lang);
document.documentElement.lang = lang;

// The page the server rendered must be in place before hydrating, or React would replace its HTML.
const path = window.location.pathname.replace(/\/+$/, '') || '/';
if (LAZY_PAGES[path]) await loadPage(path).catch(() => undefined);

const site = (
  <StrictMode>
    <Site router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
  </StrictMode>
);
if (prerendered) hydrateRoot(container, site);
else createRoot(container).render(site);

i18n.on('languageChanged', (next) => {
  document.documentElement.lang = next;
});
const preferred = storedLanguage();
if (preferred && preferred !== lang && !new URLSearchParams(window.location.search).has('lang')) {
  void changeLanguage(preferred);
}

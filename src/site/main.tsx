import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadPage } from './AppRoutes.js';
import { initialLanguage } from '../client/text.js';
import { storedLanguage } from '../client/language.js';
import { listenForInstallPrompt } from './layout/install.js';
import { LAZY_PAGES } from './pages/registry.js';
import { Site } from './Site.js';
import '../client/styles.css';

listenForInstallPrompt();

const container = document.getElementById('root')!;
const prerendered = container.hasChildNodes();
const lang = initialLanguage(window.location.search, prerendered ? document.documentElement.lang : undefined);
document.documentElement.lang = lang;

// The page the server rendered must be in place before hydrating, or React would replace its HTML.
const path = window.location.pathname.replace(/\/+$/, '') || '/';
if (LAZY_PAGES[path]) await loadPage(path).catch(() => undefined);

// A page prerendered in one language hydrates in it, then follows the member's saved choice (unless ?lang chose).
const preferred = new URLSearchParams(window.location.search).has('lang') ? undefined : storedLanguage();
const site = (
  <StrictMode>
    <Site router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} lang={lang} then={preferred} />
  </StrictMode>
);
if (prerendered) hydrateRoot(container, site);
else createRoot(container).render(site);

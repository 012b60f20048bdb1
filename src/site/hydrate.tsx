// Makes the prerendered page interactive (or renders a page that was not prerendered), in the language it was
// rendered in; loaded by src/site/main.tsx after the first paint.
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadPage } from './pages/load.js';
import { initialLanguage } from '../client/text.js';
import { storedLanguage } from '../client/language.js';
import { LAZY_PAGES } from './pages/registry.js';
import { Site } from './Site.js';
import { pagePath } from './ui/SiteLink.js';

const container = document.getElementById('root')!;
const prerendered = container.hasChildNodes();
const lang = initialLanguage(window.location.search, prerendered ? document.documentElement.lang : undefined);
document.documentElement.lang = lang;

// The page the server rendered must be in place before hydrating, or React would replace its HTML.
const path = pagePath(window.location.pathname);
if (LAZY_PAGES[path]) await loadPage(path).catch(() => undefined);

// A page prerendered in one language hydrates in it, then follows the member's saved choice (unless ?lang chose).
const preferred = new URLSearchParams(window.location.search).has('lang') ? undefined : storedLanguage();
let markHydrated!: () => void;
/** Settles once the page is interactive; `<html data-hydrated>` says the same to anyone looking. */
export const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    markHydrated();
  }, []);
  return null;
}

const site = (
  <StrictMode>
    <Site pathname={window.location.pathname} lang={lang} then={preferred} />
    <Hydrated />
  </StrictMode>
);
// Hydrating is a task of its own, after the one that ran this module and the code it imports: two short tasks
// keep the page answering a tap where one long one would hold it.
await new Promise((resolve) => setTimeout(resolve, 0));
if (prerendered) hydrateRoot(container, site);
else createRoot(container).render(site);

// Renders the public pages to HTML at build time (see scripts/prerender.mjs), per language, so their text
// paints before any script runs.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../shared/constants.js';
import { catalog } from '../shared/i18n/index.js';
import type { PageMeta } from './copy.js';
import { LAZY_PAGES, type LoadedPage } from './pages/registry.js';
import { Site } from './Site.js';
import { IslandCollector } from './islands/Island.js';
import { IslandShell } from './islands/shell.js';
import { resetIdScopes } from './islands/id-scope.js';
import { pagePath } from './ui/SiteLink.js';

/** The routes written out as HTML: every public page whose content does not depend on who is signed in. */
export const PRERENDERED_PATHS = [
  '/',
  // The admin page depends on who is signed in; there is nothing to prerender.
  ...Object.keys(LAZY_PAGES).filter((path) => path !== '/admin'),
];

/** Written as `404.html`: what the server answers an address the site has no page at, readable without script. */
export const NOT_FOUND_PATH = '/404';

export async function render(path: string, lang: Language): Promise<{ html: string; meta: PageMeta }> {
  const preloaded = new Map<string, LoadedPage>();
  let meta: PageMeta;
  const loader = LAZY_PAGES[path];
  if (loader) {
    const page = await loader();
    preloaded.set(path, page);
    meta = page.meta[lang];
  } else {
    const key = (
      path === '/' ? 'home' : path === NOT_FOUND_PATH ? 'notFound' : path.slice(1)
    ) as keyof typeof catalog.ko.meta;
    meta = catalog[lang].meta[key];
  }
  // The page, with a marker where each island goes; then each island rendered on its own, in the shell the browser
  // hydrates it in, put in its place.
  const islands: ReactElement[] = [];
  const collect = (island: ReactElement) => `<!--island:${islands.push(island) - 1}-->`;
  const page = renderToString(
    <IslandCollector.Provider value={collect}>
      <Site pathname={path} lang={lang} preloaded={preloaded} />
    </IslandCollector.Provider>,
  );
  resetIdScopes();
  const html = page.replace(/<!--island:(\d+)-->/g, (_, index: string) =>
    renderToString(
      <IslandShell lang={lang} path={pagePath(path)} scope={Number(index) + 1}>
        {islands[Number(index)]}
      </IslandShell>,
    ),
  );
  return { html, meta };
}

// A page's content as one island, for the pages whose operable parts are not yet islands of their own: the
// browser loads the page's code (and its copy) before hydrating it, as the whole-page tree did.
import type { ComponentType } from 'react';
import { loadPage } from '../pages/load.js';
import { pagePath } from '../ui/SiteLink.js';

export async function loadPageIsland(): Promise<ComponentType> {
  const path = pagePath(window.location.pathname);
  if (path === '/') return (await import('../pages/HomePage.js')).HomePage;
  return (await loadPage(path)).Component;
}

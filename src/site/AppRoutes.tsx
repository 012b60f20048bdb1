// The site's pages by address. Public content pages load on demand; the prerender and the first paint in the browser hand
// them in already loaded, so the HTML sent by the server and the hydrated page match.
import { createContext, lazy, use, useContext } from 'react';
import { Layout } from './layout/Layout.js';
import { useCatalogMeta, usePageMeta, type CatalogMetaKey } from './page-meta.js';
import { HomePage } from './pages/HomePage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { LAZY_PAGES, type LoadedPage } from './pages/registry.js';
import { loaded, loadPage } from './pages/load.js';
import { withChunkTimeout } from './ui/chunk-timeout.js';
import { pagePath, PagePathProvider } from './ui/SiteLink.js';

// Opened from a mailed link, never prerendered: their code (password fields among it) loads only there.
const AuthActionPage = lazy(() =>
  withChunkTimeout(import('./pages/AuthActionPage.js')).then((module) => ({
    default: module.AuthActionPage,
  })),
);
const UnsubscribePage = lazy(() =>
  withChunkTimeout(import('./pages/UnsubscribePage.js')).then((module) => ({
    default: module.UnsubscribePage,
  })),
);

const PreloadedPages = createContext<ReadonlyMap<string, LoadedPage>>(loaded);

function LazyPage({ path }: { path: string }) {
  const preloaded = useContext(PreloadedPages);
  const page = preloaded.get(path) ?? loaded.get(path) ?? use(loadPage(path));
  usePageMeta(page.meta);
  return <page.Component />;
}

function WithCatalogMeta({ metaKey, children }: { metaKey: CatalogMetaKey; children: React.ReactNode }) {
  useCatalogMeta(metaKey);
  return children;
}

/** The page at an address, matched as the server matches it (src/shared/site-pages.ts): a trailing slash and case aside. */
function PageAt({ path }: { path: string }) {
  if (path === '/')
    return (
      <WithCatalogMeta metaKey="home">
        <HomePage />
      </WithCatalogMeta>
    );
  if (LAZY_PAGES[path]) return <LazyPage path={path} />;
  if (path === '/auth/action')
    return (
      <WithCatalogMeta metaKey="action">
        <AuthActionPage />
      </WithCatalogMeta>
    );
  if (path === '/unsubscribe')
    return (
      <WithCatalogMeta metaKey="unsubscribe">
        <UnsubscribePage />
      </WithCatalogMeta>
    );
  return (
    <WithCatalogMeta metaKey="notFound">
      <NotFoundPage />
    </WithCatalogMeta>
  );
}

/** The page at `pathname` in the site's frame. Each address is a document of its own: links load the next one. */
export function AppRoutes({
  pathname,
  preloaded,
}: {
  pathname: string;
  preloaded?: ReadonlyMap<string, LoadedPage>;
}) {
  const path = pagePath(pathname);
  return (
    <PreloadedPages.Provider value={preloaded ?? loaded}>
      <PagePathProvider path={path}>
        <Layout>
          <PageAt path={path} />
        </Layout>
      </PagePathProvider>
    </PreloadedPages.Provider>
  );
}

// The site's routes. Public content pages load on demand; the prerender and the first paint in the browser hand
// them in already loaded, so the HTML sent by the server and the hydrated page match.
import { createContext, lazy, use, useContext } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout/Layout.js';
import { useCatalogMeta, usePageMeta, type CatalogMetaKey } from './page-meta.js';
import { HomePage } from './pages/HomePage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { LAZY_PAGES, type LoadedPage } from './pages/registry.js';
import { withChunkTimeout } from './ui/chunk-timeout.js';

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

const loading = new Map<string, Promise<LoadedPage>>();
const loaded = new Map<string, LoadedPage>();
const PreloadedPages = createContext<ReadonlyMap<string, LoadedPage>>(loaded);

/** Starts (or reuses) loading a page's code. A failure stays cached so the page shows it; reloading retries. */
export function loadPage(path: string): Promise<LoadedPage> {
  let promise = loading.get(path);
  if (!promise) {
    const loader = LAZY_PAGES[path];
    if (!loader) return Promise.reject(new Error(`no page at ${path}`));
    promise = withChunkTimeout(loader()).then((page) => {
      loaded.set(path, page);
      return page;
    });
    loading.set(path, promise);
  }
  return promise;
}

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

export function AppRoutes({ preloaded }: { preloaded?: ReadonlyMap<string, LoadedPage> }) {
  return (
    <PreloadedPages.Provider value={preloaded ?? loaded}>
      <Routes>
        <Route element={<Layout />}>
          <Route
            index
            element={
              <WithCatalogMeta metaKey="home">
                <HomePage />
              </WithCatalogMeta>
            }
          />
          {Object.keys(LAZY_PAGES).map((path) => (
            <Route key={path} path={path.slice(1)} element={<LazyPage path={path} />} />
          ))}
          <Route
            path="auth/action"
            element={
              <WithCatalogMeta metaKey="action">
                <AuthActionPage />
              </WithCatalogMeta>
            }
          />
          <Route
            path="unsubscribe"
            element={
              <WithCatalogMeta metaKey="unsubscribe">
                <UnsubscribePage />
              </WithCatalogMeta>
            }
          />
          <Route
            path="*"
            element={
              <WithCatalogMeta metaKey="notFound">
                <NotFoundPage />
              </WithCatalogMeta>
            }
          />
        </Route>
      </Routes>
    </PreloadedPages.Provider>
  );
}

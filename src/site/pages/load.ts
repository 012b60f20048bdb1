// Loading a public page's code and copy once: the whole-page tree and a page's island share the answer.
import { LAZY_PAGES, type LoadedPage } from './registry.js';
import { withChunkTimeout } from '../ui/chunk-timeout.js';

const loading = new Map<string, Promise<LoadedPage>>();
/** The pages loaded so far, to render without waiting. */
export const loaded = new Map<string, LoadedPage>();

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

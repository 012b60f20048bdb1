// The public pages loaded on demand, each with its copy (for the page's title and description). The
// prerender imports them all; the browser loads only the page it shows.
import type { ComponentType } from 'react';
import type { PageMeta } from '../copy.js';

export interface LoadedPage {
  Component: ComponentType;
  meta: { ko: PageMeta; en: PageMeta };
}

type Loader = () => Promise<LoadedPage>;

function page(
  load: () => Promise<{ default: ComponentType }>,
  loadCopy: () => Promise<{ copy: { ko: { meta: PageMeta }; en: { meta: PageMeta } } }>,
): Loader {
  return async () => {
    const [module, copyModule] = await Promise.all([load(), loadCopy()]);
    return {
      Component: module.default,
      meta: { ko: copyModule.copy.ko.meta, en: copyModule.copy.en.meta },
    };
  };
}

export const LAZY_PAGES: Record<string, Loader> = {
  '/how-to-use': page(
    () => import('./how-to-use/HowToUsePage.js'),
    () => import('./how-to-use/copy.js'),
  ),
  '/features': page(
    () => import('./features/FeaturesPage.js'),
    () => import('./features/copy.js'),
  ),
  '/security': page(
    () => import('./security/SecurityPage.js'),
    () => import('./security/copy.js'),
  ),
  '/privacy': page(
    () => import('./privacy/PrivacyPage.js'),
    () => import('./privacy/copy.js'),
  ),
  '/terms': page(
    () => import('./terms/TermsPage.js'),
    () => import('./terms/copy.js'),
  ),
  '/download': page(
    () => import('./download/DownloadPage.js'),
    () => import('./download/copy.js'),
  ),
  '/admin': page(
    () => import('./admin/AdminPage.js'),
    () => import('./admin/copy.js'),
  ),
  '/support': page(
    () => import('./support/SupportPage.js'),
    () => import('./support/copy.js'),
  ),
  '/fortune': page(
    () => import('./fortune/FortunePage.js'),
    () => import('./fortune/copy.js'),
  ),
};

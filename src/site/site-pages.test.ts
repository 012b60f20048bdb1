// The server answers 404 for any page address not in SITE_PAGES: every address the site's router has a page at
// must be listed there, and none listed may fall to the router's not-found page.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { catalog } from '../shared/i18n/index.js';
import { SITE_PAGES, isSitePage } from '../shared/site-pages.js';
import { LAZY_PAGES } from './pages/registry.js';
import { Site } from './Site.js';

function render(path: string): string {
  return renderToString(createElement(Site, { pathname: path, lang: 'en' }));
}

describe('the pages the server knows', () => {
  it('include every page the site loads on demand', () => {
    for (const path of Object.keys(LAZY_PAGES)) expect(isSitePage(path), path).toBe(true);
  });

  it('each have a page in the router, and an address outside them gets the not-found page', () => {
    for (const path of SITE_PAGES) expect(render(path), path).not.toContain(catalog.en.notFound.title);
    expect(render('/no/such/page')).toContain(catalog.en.notFound.title);
  });

  it('are matched as the router matches them: a trailing slash and case aside, and nothing more', () => {
    for (const path of ['/features/', '/auth/action/', '/Features']) {
      expect(isSitePage(path), path).toBe(true);
      expect(render(path), path).not.toContain(catalog.en.notFound.title);
    }
    for (const path of ['/features/more', '//auth//action', '/featuresx']) {
      expect(isSitePage(path), path).toBe(false);
      expect(render(path), path).toContain(catalog.en.notFound.title);
    }
  });
});

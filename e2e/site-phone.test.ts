// The public pages on a phone, in Korean and English (issue 18): the header's controls are each reachable by a
// pointer, Korean never breaks inside a word, axe finds nothing serious with the menu open, the dialog open or the
// fairy speaking, and a tap that comes before the page is interactive is not lost.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/shared/i18n/index.js';
import { seriousViolations } from './support/axe.js';
import { coveredControls } from './support/covered.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';

type Lang = 'ko' | 'en';

const PAGES = ['/', '/features', '/security', '/how-to-use', '/download'] as const;

async function phonePage(width: number, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const context = await suite.newContext({
    viewport: { width, height: 780 },
    hasTouch: true,
    isMobile: true,
    // Only to inject axe-core; our own pages never need it.
    bypassCSP: options.bypassCSP ?? false,
  });
  return context.newPage();
}

/** Holds back the script that makes the page interactive, as a slow network would, until `release` is called. */
async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${suite.server.url}${path}?lang=${lang}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Words broken across two lines although they fit on one: for each run of letters and digits (a Korean word, or
 * each part of "AES-GCM" and "적용(all-or-nothing)", which may break at their punctuation), its line boxes; a word
 * wider than its line may break (an address, a long number).
 */
function wordsBrokenInside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [hidden], .skip-link')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (rects.length < 2) continue;
        const tops = new Set(rects.map((rect) => Math.round(rect.top)));
        const width = rects.reduce((total, rect) => total + rect.width, 0);
        const line = parent.getBoundingClientRect().width;
        if (tops.size > 1 && width < line - 1)
          broken.push(`"${match[0]}" in ${parent.tagName.toLowerCase()}`);
      }
    }
    return broken;
  });
}

describe(`public pages on a phone in ${lang}`, () => {
  const t = catalog[lang];

  it('shows every header control uncovered and breaks no word in two, at 360 and 390 px', async () => {
    for (const width of [360, 390]) {
      const page = await phonePage(width);
      for (const path of PAGES) {
        await open(page, path, lang);
        expect(
          await coveredControls(page, '.header a[href], .header button'),
          `${path} at ${width} px`,
        ).toEqual([]);
        expect(await wordsBrokenInside(page), `${path} at ${width} px`).toEqual([]);
      }
      await page.context().close();
    }
  });

  it('passes axe with the phone menu open, with the dialog open, and with the fairy speaking', async () => {
    const page = await phonePage(390, { bypassCSP: true });
    await open(page, '/', lang);

    await page.getByRole('button', { name: t.nav.menu }).click();
    await page.locator('.nav--open').waitFor();
    expect(await seriousViolations(page), 'menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.nav--open').waitFor({ state: 'detached' });

    await page.locator('.fairy__bubble').waitFor();
    expect(await seriousViolations(page), 'fairy speaking').toEqual([]);

    await page.locator('.hero').getByRole('button', { name: t.nav.login, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousViolations(page), 'dialog open').toEqual([]);
    await page.context().close();
  });

  it('answers a tap made before the page was interactive, once it is', async () => {
    const page = await phonePage(390);
    const release = await holdHydration(page);
    await page.goto(`${suite.server.url}/?lang=${lang}`);
    // The prerendered page already shows the header: its menu button does nothing yet.
    const menu = page.getByRole('button', { name: t.nav.menu });
    await menu.tap();
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    release();
    await page.locator('.nav--open').waitFor();
    expect(await page.getByRole('button', { name: t.nav.closeMenu }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.context().close();
  });
});

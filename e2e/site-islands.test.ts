// The public pages as islands (issue 48): a page a visitor only reads runs the islands' runtime alone (the session
// read, the visitor's controls shown, the phone menu answered) until asked; the header's code and the auth
// dialog's arrive when a button for them is reached, and the ids of a page's roots (its
// islands, the dialog) never repeat, so every label and aria-labelledby names an element of its own root.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalog } from '../src/shared/i18n/index.js';
import { writeBanner } from './support/banner.js';
import { browserSuite } from './support/suite.js';

const ADMIN = 'owner@example.com';
const suite = browserSuite({ ADMIN_EMAILS: ADMIN });

/** The scripts a page has fetched so far, by their chunk's name (`frame`, `AuthDialog`, …). */
function scriptsOf(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const file = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) names.add(file);
  });
  return names;
}

/** The ids that appear more than once on the page. */
function repeatedIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  });
}

describe('a page a visitor only reads', () => {
  it('runs the islands’ runtime alone; the header’s code and the auth dialog’s come as a visitor reaches them', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${suite.server.url}/security?lang=en`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // The visitor's controls are shown, read from the session, with no island's code.
    const login = page.getByRole('button', { name: catalog.en.nav.login, exact: true });
    expect(await login.isVisible()).toBe(true);
    expect([...scripts].sort()).toEqual(['boot', 'hydrate-islands', 'site']);

    await login.hover();
    await expect
      .poll(() => ['frame', 'HeaderControls', 'AuthDialog'].every((name) => scripts.has(name)))
      .toBe(true);
    await login.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().innerText()).toBe(catalog.en.auth.loginTitle);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(catalog.en.nav.login);
  });

  it('opens the phone menu with no island’s code, and Esc closes it', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${suite.server.url}/terms?lang=ko`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: catalog.ko.nav.menu }).click();
    const nav = page.getByRole('navigation', { name: catalog.ko.nav.mainNavigation });
    await nav.getByRole('link', { name: catalog.ko.nav.security, exact: true }).waitFor();
    const close = page.getByRole('button', { name: catalog.ko.nav.closeMenu });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(scripts.has('frame')).toBe(false);
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: catalog.ko.nav.security, exact: true }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: catalog.ko.nav.menu }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await context.close();
  });
});

describe('the ids of a page’s parts', () => {
  it('repeat nowhere: the home page’s banner and the auth dialog number their own', async () => {
    await writeBanner(suite.server, ADMIN, {
      version: '2026-12-04',
      title: { ko: '새 버전 (2026-12-04)', en: 'A new version (2026-12-04)' },
      body: { ko: '달라진 점을 확인하세요.', en: 'See what changed.' },
    });
    for (const lang of ['ko', 'en'] as const) {
      const t = catalog[lang];
      const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/?lang=${lang}`);
      // The banner's "don't show for 24 hours" box is labelled by an id of the home page's part.
      await page.getByRole('checkbox').first().waitFor();
      await page.locator('.hero').getByRole('button', { name: t.nav.login, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await repeatedIds(page)).toEqual([]);
      // The dialog's name is its own heading, not an element of another part that happens to share its id.
      const labelledBy = await dialog.getAttribute('aria-labelledby');
      expect(await dialog.locator(`[id="${labelledBy}"]`).innerText()).toBe(t.auth.loginTitle);
      await context.close();
    }
  });
});

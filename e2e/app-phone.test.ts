// The app on a phone, in a real Chromium (issue 17): at 360 and 390 px, in Korean and English, every section is
// reached from a control that is wholly on screen and really takes a tap at its centre (nothing covers it),
// the bottom bar's first four and the rest under "More"; a section opened from a home tile shows where it is.
import { describe, expect, it } from 'vitest';
import { APP_SCREENS, type AppScreen } from '../src/app/shell/pages.js';
import { PHONE_MAIN_SCREENS } from '../src/app/shell/AppNav.js';
import type { Locator, Page } from 'playwright-core';
import { browserSuite } from './support/suite.js';
import { members } from './pages/members.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const { member, device } = members(suite, 'phone');

/** Whether the control is inside the viewport and is what a tap at its centre lands on. */
async function tappable(page: Page, control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const hit = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  return inside && hit;
}

describe(`the app on a phone in ${lang}`, () => {
  it('reaches every section from a control fully on screen at 360 and 390 px', async () => {
    const app = await device(lang, await member(lang));
    const page = app.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await app.open();
    await app.createVault('Phone master key 2026!');
    const nav = app.nav();
    const more = nav.getByRole('button', { name: app.text.nav.more });
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 844 });
      for (const screen of APP_SCREENS) {
        const main = PHONE_MAIN_SCREENS.includes(screen);
        const link = (main ? nav : app.dialog(app.text.nav.more)).getByRole('link', {
          name: app.text.nav[screen],
          exact: true,
        });
        if (!main) {
          expect(await tappable(page, more), `${width} px: More`).toBe(true);
          await more.click();
        }
        expect(await tappable(page, link), `${width} px: ${screen}`).toBe(true);
        await link.click();
        await page.waitForURL(new RegExp(`[?&]page=${screen}(&|$)`));
        await app.dialog(app.text.nav.more).waitFor({ state: 'detached' });
        // Where the member is shows in the bar: the section's own tab, or "More" for the others.
        if (main)
          expect(
            await nav
              .getByRole('link', { name: app.text.nav[screen], exact: true })
              .getAttribute('aria-current'),
          ).toBe('page');
        else expect(await more.getAttribute('class')).toContain('phone-nav__more--current');
      }
    }
    // From a home tile: the section opens and the bar says so.
    await app.go('home');
    const tile = (screen: AppScreen) => page.locator('.home-tile', { hasText: app.text.nav[screen] });
    await tile('anniversaries').click();
    await page.waitForURL(/[?&]page=anniversaries/);
    expect(await more.getAttribute('class')).toContain('phone-nav__more--current');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    // The wide tab bar is not shown on a phone, and the bottom bar not on a wide screen.
    expect(await page.locator('.app-nav').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('.phone-nav').isVisible()).toBe(false);
    expect(
      await tappable(page, nav.getByRole('link', { name: app.text.nav.anniversaries, exact: true })),
    ).toBe(true);
  });
});

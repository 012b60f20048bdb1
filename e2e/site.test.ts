// The public pages without JavaScript, the fairy, the keyboard, the install prompt, the open-app rule and a page
// whose code fails to load. (Each page prerendered, hydrated and passing axe in both languages: bilingual.test.ts.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAIRY, TOAST_MS } from '../src/shared/constants.js';
import { catalog } from '../src/shared/i18n/index.js';
import { fairyText } from '../src/site/fairy/copy.js';
import { copy as featuresCopy } from '../src/site/pages/features/copy.js';
import { copy as securityCopy } from '../src/site/pages/security/copy.js';
import { PUBLIC_ROUTES as ROUTES } from './pages/routes.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/**
 * A page whose clock the test can move (Playwright's: it runs as the real one until moved on), so a wait for
 * something that must not happen in a while moves time instead of spending it.
 */
async function newPage(options: { width?: number; init?: string } = {}): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  await page.clock.install();
  if (options.init) await page.addInitScript(options.init);
  return page;
}

describe('first paint without JavaScript', () => {
  it("shows every public page's text with scripts turned off", async () => {
    const context = await suite.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    for (const lang of ['ko', 'en'] as const) {
      for (const route of ROUTES) {
        await page.goto(`${suite.server.url}${route.path}?lang=${lang}`);
        expect(await page.locator('h1').first().innerText()).toContain(route.title(lang));
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.getByRole('navigation', { name: catalog[lang].nav.mainNavigation }).count()).toBe(
          1,
        );
      }
    }
  });
});

describe('the fairy guide', () => {
  // Records what would be spoken; a Korean and an English voice start each utterance and end it after 50 ms.
  const SPEECH_STAND_IN = `
    window.__spoken = [];
    class StandInUtterance { constructor(text) { this.text = text; this.lang = ''; this.rate = 1; this.pitch = 1; this.onstart = null; this.onend = null; this.onerror = null; } }
    window.SpeechSynthesisUtterance = StandInUtterance;
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: {
      speak(u) { window.__spoken.push({ text: u.text, lang: u.lang, rate: u.rate, pitch: u.pitch, at: performance.now() }); setTimeout(() => { u.onstart && u.onstart(); setTimeout(() => u.onend && u.onend(), 50); }, 0); },
      cancel() {}, pause() {}, resume() {},
      getVoices() { return [{ name: 'Yuna', lang: 'ko-KR' }, { name: 'Samantha', lang: 'en-US' }]; },
      addEventListener() {}, removeEventListener() {}
    }});`;

  it('starts, speaks each line in the page language with rate 0.94 and pitch 1.35, and advances on its own', async () => {
    const page = await newPage({ init: SPEECH_STAND_IN });
    await page.goto(`${suite.server.url}/?lang=ko`);
    const fairy = page.getByRole('complementary', { name: '요정 안내자' });
    await fairy.waitFor();
    expect(await fairy.locator('.fairy__line').innerText()).toBe(fairyText.ko.intro);
    await fairy.getByRole('button', { name: '안내 시작' }).click();
    const lines = fairyText.ko.home;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length), {
        timeout: 20_000,
      })
      .toBe(lines.length);
    const spoken = await page.evaluate(
      () =>
        (
          window as unknown as {
            __spoken: Array<{ text: string; lang: string; rate: number; pitch: number }>;
          }
        ).__spoken,
    );
    expect(spoken.map((item) => item.text)).toEqual([...lines]);
    for (const item of spoken) expect(item).toMatchObject({ lang: 'ko-KR', rate: 0.94, pitch: 1.35 });
    await expect.poll(() => fairy.locator('.fairy__line').innerText()).toBe(fairyText.ko.done);
  });

  it('keeps the voice choice, waits for Next with the voice off, and closes with Esc', async () => {
    const page = await newPage({ init: SPEECH_STAND_IN });
    await page.goto(`${suite.server.url}/?lang=en`);
    const fairy = page.getByRole('complementary', { name: 'Fairy guide' });
    await fairy.waitFor();
    const voice = fairy.locator('.fairy__voice');
    expect(await voice.getAttribute('aria-pressed')).toBe('true');
    await voice.click();
    expect(await voice.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await fairy.waitFor();
    expect(await voice.getAttribute('aria-pressed')).toBe('false');
    expect(await voice.innerText()).toBe('Voice off');
    await fairy.getByRole('button', { name: 'Start the guide' }).click();
    expect(await fairy.locator('.fairy__line').innerText()).toBe(fairyText.en.home[0]);
    // Long past when a spoken line would have moved on: with the voice off, it waits for Next.
    await page.clock.runFor(10 * FAIRY.autoAdvanceMs);
    expect(await fairy.locator('.fairy__line').innerText()).toBe(fairyText.en.home[0]);
    await fairy.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await fairy.locator('.fairy__line').innerText()).toBe(fairyText.en.home[1]);
    expect(await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length)).toBe(0);
    await page.keyboard.press('Escape');
    await fairy.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open the fairy guide' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Open the fairy guide' }).waitFor();
    expect(await fairy.count()).toBe(0);
  });

  it('plays the 7-line features tour when the stored flags ask for it, using stored lines when present', async () => {
    const page = await newPage({
      init: `${SPEECH_STAND_IN}
        localStorage.setItem('mygenie.tour.trigger', 'features_guide');
        localStorage.setItem('mygenie.fairy.voice', 'on');
        localStorage.setItem('mygenie.fairy.active', 'true');`,
    });
    await page.goto(`${suite.server.url}/features?lang=en`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length), {
        timeout: 20_000,
      })
      .toBe(7);
    const spoken = await page.evaluate(
      () => (window as unknown as { __spoken: Array<{ text: string; lang: string }> }).__spoken,
    );
    expect(spoken.map((item) => item.text)).toEqual([...featuresCopy.en.tour]);
    expect(spoken.every((item) => item.lang === 'en-US')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('mygenie.tour.trigger'))).toBeNull();

    const custom = await newPage({
      init: `${SPEECH_STAND_IN}
        localStorage.setItem('mygenie.tour.trigger', 'features_guide');
        localStorage.setItem('mygenie.tour.lines', JSON.stringify(['First stored line.', 'Second stored line.']));`,
    });
    await custom.goto(`${suite.server.url}/features?lang=en`);
    await expect
      .poll(
        () =>
          custom.evaluate(() =>
            (window as unknown as { __spoken: Array<{ text: string }> }).__spoken.map((item) => item.text),
          ),
        { timeout: 20_000 },
      )
      .toEqual(['First stored line.', 'Second stored line.']);
  });

  it('drifts after the mouse pointer on a desktop', async () => {
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    const fairy = page.locator('.fairy');
    await fairy.waitFor();
    const before = (await fairy.boundingBox())!;
    // Towards the far side of the window from wherever the fairy sits.
    const pointer = before.x > 640 ? { x: 100, y: 600 } : { x: 900, y: 150 };
    await page.mouse.move(pointer.x, pointer.y, { steps: 5 });
    await expect
      .poll(async () => Math.abs(((await fairy.boundingBox())?.x ?? before.x) - before.x))
      .toBeGreaterThan(200);
  });

  it('closes when touched and held for 800 ms, and can be dragged by touch', async () => {
    const page = await newPage({ width: 390 });
    await page.goto(`${suite.server.url}/?lang=ko`);
    const avatar = page.locator('.fairy__avatar');
    await avatar.waitFor();
    const box = (await avatar.boundingBox())!;
    const touch = (type: string, x: number, y: number) =>
      avatar.dispatchEvent(type, {
        pointerType: 'touch',
        pointerId: 7,
        clientX: x,
        clientY: y,
        isPrimary: true,
        bubbles: true,
      });
    // Up from the lower half of the window, down from the upper half.
    const dy = box.y > 450 ? -200 : 200;
    await touch('pointerdown', box.x + 10, box.y + 10);
    await touch('pointermove', box.x + 10, box.y + 10 + dy);
    await touch('pointerup', box.x + 10, box.y + 10 + dy);
    // Let go before the hold closes it: dragged, still there after the hold's time.
    await page.clock.runFor(FAIRY.touchHoldCloseMs + 100);
    const moved = (await avatar.boundingBox())!;
    expect(Math.abs(moved.y - box.y)).toBeGreaterThan(100);
    expect(await page.locator('.fairy').isVisible()).toBe(true);
    await touch('pointerdown', moved.x + 10, moved.y + 10);
    await page.clock.runFor(FAIRY.touchHoldCloseMs + 100);
    await page.locator('.fairy').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '요정 안내자 열기' }).waitFor();
  });

  it('has a Close button on a phone', async () => {
    const page = await newPage({ width: 390 });
    await page.goto(`${suite.server.url}/?lang=ko`);
    const fairy = page.getByRole('complementary', { name: '요정 안내자' });
    await fairy.getByRole('button', { name: '닫기', exact: true }).click();
    await fairy.waitFor({ state: 'hidden' });
  });
});

describe('keyboard alone', () => {
  async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return (element?.getAttribute('aria-label') ?? element?.innerText ?? '').trim();
      });
      if (focused === name) return;
    }
    throw new Error(`could not reach "${name}" with Tab`);
  }

  it('reaches the navigation, the dialog and the fairy, and the dialog keeps and returns focus', async () => {
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.locator('.fairy').waitFor();

    await tabTo(page, 'Features');
    await page.keyboard.press('Enter');
    await page.locator('h1', { hasText: featuresCopy.en.hero.title }).waitFor();

    await page.goto(`${suite.server.url}/?lang=en`);
    await page.locator('.fairy').waitFor();
    await tabTo(page, 'Login');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await dialog.locator('.form__error').waitFor();
    // Tab stays inside the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText)).toBe(
      'Login',
    );
    expect(await page.locator('.fairy').count()).toBe(1);

    await tabTo(page, 'Start the guide');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.fairy__line').innerText()).toBe(fairyText.en.home[0]);
    await page.keyboard.press('Escape');
    await page.locator('.fairy').waitFor({ state: 'hidden' });
  });
});

describe('install and open', () => {
  it('serves a manifest with icons, and explains when the browser cannot install', async () => {
    const manifest = await fetch(`${suite.server.url}/manifest.webmanifest`).then((response) =>
      response.json(),
    );
    expect(manifest).toMatchObject({ short_name: 'MyGenie', display: 'standalone', start_url: '/' });
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const response = await fetch(`${suite.server.url}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.getByRole('button', { name: 'Create a desktop shortcut' }).click();
    const popup = page.getByRole('alertdialog');
    expect(await popup.locator('.popup__message').innerText()).toBe(catalog.en.home.installUnsupported);
  });

  it('opens the app in a new tab with lang, page and v for a signed-in member', async () => {
    const email = `opener.${Date.now()}@example.com`;
    const headers = { 'content-type': 'application/json', origin: suite.server.url };
    await fetch(`${suite.server.url}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'open sesame 1' }),
    });
    const mail = await suite.server.mailTo(email);
    await fetch(`${suite.server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: mail.token, password: 'open sesame 1' }),
    });
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.locator('.hero').getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill('open sesame 1');
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    const [tab] = await Promise.all([
      suite.context.waitForEvent('page'),
      page.locator('.tile').filter({ hasText: 'Memo (diary)' }).click(),
    ]);
    const url = new URL(tab.url());
    expect(url.pathname).toBe('/app/index.html');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('page')).toBe('diary');
    expect(Number(url.searchParams.get('v'))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('tells a signed-out visitor to log in first, in Korean too', async () => {
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=ko`);
    await page.getByRole('button', { name: 'MyGenie 앱 열기' }).last().click();
    expect(await page.locator('.toast').innerText()).toBe('MyGenie를 사용하려면 먼저 로그인해 주세요.');
    await page.clock.runFor(TOAST_MS);
    await page.locator('.toast').waitFor({ state: 'detached' });
  });
});

describe('a new release while a page is open', () => {
  it('shows a reload message when a part of the page cannot be loaded, and the reload brings it', async () => {
    const page = await newPage();
    await page.route(/\/assets\/HeaderControls-.*\.js$/, (route) => route.abort('failed'));
    await page.goto(`${suite.server.url}/security?lang=en`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The header's code loads as a visitor reaches for its controls.
    await page.getByRole('button', { name: catalog.en.nav.login }).hover();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getByRole('heading').innerText()).toBe(catalog.en.chunkError.title);
    // The page's text is still there to read.
    expect(await page.locator('h1').first().innerText()).toBe(securityCopy.en.hero.title);
    await page.unrouteAll();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: catalog.en.nav.login }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
